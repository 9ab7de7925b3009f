import { createCipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotationRevisions } from '../src/db/schema';
import { canonicalJson, SEAL_BUCKET_BYTES, seal, sha256Hex, unseal } from '../src/modules/sealing/cipher';
import { sealKey } from '../src/modules/sealing/key';
import { createTestApp, type TestApp } from './helpers';
import { portalQuote, portalWorld } from './portal-fixtures';

/*
 * Receipts anyone can check, and sealed text of one length (docs/portal.md, "Receipts" and
 * "Sealing"): the supplier reads the exact canonical text each receipt digests, staff read it after
 * the opening, and the ciphertext of a bid does not tell its price's size.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const ok = async (path: Parameters<TestApp['call']>[0], body: unknown, token = admin) => {
  const answer = await t.call(path, body, token);
  expect(answer.code, `${String(path)}: ${answer.message}`).toBe(200);
  return answer.data;
};

type Revision = { revision: number; receipt_sha256: string | null; canonical_content: string | null };

describe('receipts', () => {
  it('the supplier reads the text each receipt digests, while sealed; staff read it after the opening', async () => {
    const w = await portalWorld(t, admin);
    const first = await ok('/portal/quotation/submit', portalQuote(w.taskId, w.lineIds, [4500, null]), w.a.token);
    const second = await ok('/portal/quotation/submit', portalQuote(w.taskId, w.lineIds, [4321, 1250], { remark: '含税价' }), w.a.token);
    const own: Revision[] = (await ok('/portal/rfq/info', { task_id: w.taskId }, w.a.token)).revisions;
    expect(own.map((r) => r.receipt_sha256)).toEqual([first.receipt_sha256, second.receipt_sha256]);
    for (const r of own) {
      const text = r.canonical_content as string;
      // Any SHA-256 tool over the text gives the receipt; the text is canonical JSON with integer fen.
      expect(sha256Hex(text)).toBe(r.receipt_sha256);
      expect(canonicalJson(JSON.parse(text))).toBe(text);
    }
    const latest = JSON.parse(own[1].canonical_content as string);
    expect(latest).toMatchObject({ taskId: w.taskId, supplierId: w.a.supplierId, revision: 2, remark: '含税价' });
    expect(latest.lines.map((l: { unitPriceFen: number | null }) => l.unitPriceFen)).toEqual([4321, 1250]);

    const sealedView = await ok('/admin/procurement_task/compare', { id: w.taskId });
    const sealedRevisions: Revision[] = sealedView.suppliers.flatMap((s: { revisions: Revision[] }) => s.revisions);
    expect(sealedRevisions.map((r) => [r.receipt_sha256, r.canonical_content])).toEqual([
      [null, null],
      [null, null],
    ]);

    const { version } = await ok('/admin/procurement_task/info', { id: w.taskId });
    await ok('/admin/procurement_task/unseal', { id: w.taskId, version, reason: '测试开标' });
    const opened = await ok('/admin/procurement_task/compare', { id: w.taskId });
    const openedRevisions: Revision[] = opened.suppliers.flatMap((s: { revisions: Revision[] }) => s.revisions);
    expect(openedRevisions.map((r) => r.canonical_content)).toEqual(own.map((r) => r.canonical_content));
    for (const r of openedRevisions) expect(sha256Hex(r.canonical_content as string)).toBe(r.receipt_sha256);
  });
});

describe('sealed text of one length', () => {
  it('two quotes of one shape at 1,234,567 and 123 fen are sealed to texts of equal length', async () => {
    const w = await portalWorld(t, admin);
    await ok('/portal/quotation/submit', portalQuote(w.taskId, w.lineIds, [1_234_567, 1_234_567]), w.a.token);
    await ok('/portal/quotation/submit', portalQuote(w.taskId, w.lineIds, [123, 123]), w.b.token);
    const rows = await t.database.db
      .select({ supplierId: quotationRevisions.supplierId, sealed: quotationRevisions.sealedContent })
      .from(quotationRevisions)
      .where(eq(quotationRevisions.taskId, w.taskId));
    expect(rows).toHaveLength(2);
    const [a, b] = rows.map((r) => r.sealed as string);
    expect(a.startsWith('v2:')).toBe(true);
    expect(a.length).toBe(b.length);
    // The plain texts differ in length; the padded ones fill one bucket.
    const [plainA, plainB] = rows.map((r) => r.sealed as string).map((s, i) => unseal(s, `quotation_revision:${w.taskId}:${rows[i].supplierId}:1`));
    expect(plainA.length).not.toBe(plainB.length);
    expect(Buffer.from(a.slice(3), 'base64').length).toBe(12 + 16 + SEAL_BUCKET_BYTES);
  });

  it('a text sealed before padding (v1) still opens', () => {
    const key = sealKey();
    const context = 'quotation_revision:1:2:3';
    const text = canonicalJson({ lines: [{ unitPriceFen: 99 }], revision: 3 });
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    const v1 = `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    expect(unseal(v1, context)).toBe(text);
    expect(unseal(seal(text, context), context)).toBe(text);
    expect(() => unseal(seal(text, context), 'quotation_revision:1:2:4')).toThrow();
  });
});
