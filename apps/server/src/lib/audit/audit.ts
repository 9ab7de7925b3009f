import type { Db } from '../../db/client';
import { auditLogs } from '../../db/schema';
import type { Actor } from '../http/context';

export interface AuditEntry {
  module: string;
  action: string;
  recordId?: string | number | null;
  summary?: string;
  before?: unknown;
  after?: unknown;
}

/** One audit row per write (or per record of a batch write), inside the write's transaction. */
export async function writeAudit(tx: Db, actor: Actor, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const rows = Array.isArray(entries) ? entries : [entries];
  if (rows.length === 0) return;
  await tx.insert(auditLogs).values(
    rows.map((entry) => ({
      userId: actor.userId,
      userName: actor.userName,
      ip: actor.ip,
      module: entry.module,
      action: entry.action,
      recordId: entry.recordId == null ? null : String(entry.recordId),
      summary: entry.summary ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}
