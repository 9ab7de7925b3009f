import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { pgErrorCode } from '../lib/http/errors';
import { queryRows } from '../lib/sql/rows';

/** How long the readiness probe waits for the database before answering 503. */
const READY_TIMEOUT_MS = 1000;

const journalFile = fileURLToPath(new URL('../../drizzle/meta/_journal.json', import.meta.url));
/** The migrations this build ships; the database is ready when it has recorded every one. */
const shippedMigrations: number = (JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] }).entries.length;

async function checkDatabase(db: Db): Promise<string | null> {
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`).catch((error: unknown) => {
    // No migrations table yet: the database answers but was never migrated.
    if (pgErrorCode(error) === '42P01' || pgErrorCode(error) === '3F000') return [];
    throw error;
  });
  const applied = Number(rows[0]?.n ?? 0);
  return applied >= shippedMigrations ? null : `migrations_pending (${applied}/${shippedMigrations})`;
}

/**
 * Probes for a load balancer or process supervisor (docs/deploy.md): `/api/health` says the process
 * answers and touches nothing; `/api/ready` says the database answers within 1 s and is migrated.
 * Plain JSON, no envelope, no authentication, no data.
 */
export async function opsPlugin(app: FastifyInstance, options: { db: Db }) {
  // Probes poll every few seconds: their request lines are left out (the route logs from warn up).
  const quiet = { logLevel: 'warn' as const };
  app.get('/api/health', quiet, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/api/ready', quiet, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('database_timeout'), READY_TIMEOUT_MS);
    });
    const reason = await Promise.race([checkDatabase(options.db).catch(() => 'database_unavailable'), timeout]).finally(() => clearTimeout(timer));
    if (reason) return reply.status(503).send({ status: 'not_ready', reason });
    return reply.send({ status: 'ready' });
  });
}
