import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { fenToYuan, portalApi, procurementTaskApi, operationLogApi } from '@scm/contract';
import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotationRevisions } from '../src/db/schema';
import { type AnyRoute, isPortalRoute, PUBLIC } from '../src/lib/http/route';
import { allRoutes } from '../src/modules';
import { sha256Hex, unseal } from '../src/modules/sealing/cipher';
import { sealKey } from '../src/modules/sealing/key';
import { revisionContext } from '../src/modules/sealing/quotes';
import { rotateSealKey } from '../src/modules/sealing/rotate';
import { closePassedDeadlines } from '../src/modules/procurement-task/status';
import { download, readWorkbook } from './excel';
import { createTestApp, shanghaiDay, type TestApp } from './helpers';
import { requiredSample } from './junk';
import { DAY, portalLogin, portalWorld } from './portal-fixtures';

/**
 * docs/portal.md "Sealing": while a sealed task is quoting, no admin answer (read, export, board,
 * workbench, statistics, operation log) and no database dump holds a submitted price; after the
 * opening (an audited 提前开标 or the deadline) they are all there. Generated from the route
 * registry: every staff route that is not a write is called and its raw answer scanned.
 */

// Distinctive figures: wide enough that neither their digits nor their 8 stored bytes turn up by chance.
// Distinctive figures for the scans below, each line under the line ceiling (quantities 100 and 300).
const A = { prices: [987_654_321, 876_543_219], freight: 76_543_219_873, moq: 98_765_431, lead: 3217 };
const B = { prices: [654_321_987, 543_219_876], freight: 43_219_876_543, moq: 87_654_319, lead: 2719 };
const QUANTITIES = [100, 300];

const moneyOf = (q: typeof A) => [...q.prices, q.freight, ...q.prices.map((p, i) => p * QUANTITIES[i])];
const needlesOf = (q: typeof A) => [
  ...moneyOf(q).flatMap((fen) => [String(fen), fenToYuan(fen), fenToYuan(fen, true)]),
  String(q.moq),
  String(q.lead),
];
const NEEDLES = [...needlesOf(A), ...needlesOf(B)];

/** The needles found in a text, each as a whole number (not a part of a longer one). */
const leaks = (text: string) => NEEDLES.filter((n) => new RegExp(`(?<![\\d.,])${n.replace(/[.,]/g, '\\$&')}(?![\\d])`).test(text));

/** Staff routes that change something: the sweep calls only the others. */
const WRITES = new Set([
  'logout',
  'change_password',
  'create',
  'update',
  'update_permissions',
  'enable',
  'disable',
  'delete',
  'create_action',
  'reset_password',
  'move',
  'import',
  'import_report',
  'submit',
  'approve',
  'reject',
  'cancel',
  'close',
  'copy',
  'status',
  'publish',
  'close_quote',
  'unseal',
  'complete',
  'award',
  'save',
  'decline',
  'estimate_freight',
  'generate',
  'reissue',
  'answer',
  'visit',
]);
const reads = allRoutes.filter((r) => !isPortalRoute(r) && r.permission !== PUBLIC && !WRITES.has(r.endpoint.path.split('/').at(-1) ?? ''));
/** Reads that must answer in full for the sweep to mean anything. */
const MUST_ANSWER = [
  '/admin/procurement_task/list',
  '/admin/procurement_task/info',
  '/admin/procurement_task/compare',
  '/admin/procurement_task/export',
  '/admin/procurement_task/export_compare',
  '/admin/supplier/list',
  '/admin/supplier/info',
  '/admin/supplier/export',
  '/admin/operation_log/list',
  '/admin/workbench/overview',
  '/admin/data_board/summary',
  '/admin/clarification/list',
];

/** A quote the buyer reads once it is open (unsealed): only then does it carry its lines. */
function opened<Q extends { sealed: boolean } | null | undefined>(quote: Q) {
  expect(quote?.sealed).toBe(false);
  return quote as Extract<NonNullable<Q>, { sealed: false }>;
}

let t: TestApp;
let admin: string;
let w: Awaited<ReturnType<typeof portalWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  w = await portalWorld(t, admin);
  const lines = (q: typeof A) => w.lineIds.map((id, i) => ({ task_line_id: id, unit_price_fen: q.prices[i], moq: q.moq, lead_time_days: q.lead }));
  const submitted = await t.call(
    '/portal/quotation/submit',
    { task_id: w.taskId, valid_until: '2099-12-31', freight_mode: 'manual', freight_fen: A.freight, lines: lines(A), remark: `运费 ${A.freight}` },
    w.a.token,
  );
  expect(submitted.code).toBe(200);
  // B's quote typed by the buyer (代录): sealed the same way.
  const entered = await t.call(
    '/admin/quotation/save',
    {
      task_id: w.taskId,
      supplier_id: w.b.supplierId,
      quote_date: shanghaiDay(t),
      valid_until: shanghaiDay(t, 30),
      freight_mode: 'manual',
      freight_fen: B.freight,
      lines: lines(B),
    },
    admin,
  );
  expect(entered.code, JSON.stringify(entered.data ?? entered.message)).toBe(200);
  await t.api(portalApi.ask, { taskId: w.taskId, question: '包装要求？' }, w.a.token);
});
afterAll(() => t.close());

/** A body the route accepts, naming the sealed task and its supplier where it names a record. */
function bodyFor(route: AnyRoute): Record<string, unknown> {
  const path = route.endpoint.path;
  const body = requiredSample(route.endpoint.body);
  const shape = (route.endpoint.body as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  if ('id' in shape) body.id = path.startsWith('/admin/supplier/') ? w.a.supplierId : path.startsWith('/admin/procurement_task/') ? w.taskId : 1;
  if ('taskId' in shape) body.task_id = w.taskId;
  if ('supplierId' in shape) body.supplier_id = w.a.supplierId;
  if ('pageSize' in shape) body.page_size = 200;
  if ('dateFrom' in shape) Object.assign(body, { date_from: shanghaiDay(t, -365), date_to: shanghaiDay(t, 365) });
  return body;
}

/** Every staff read's answer as text: JSON as sent, a workbook as its cells. */
async function sweep(): Promise<Map<string, { code: number; text: string }>> {
  const answers = new Map<string, { code: number; text: string }>();
  for (const route of reads) {
    const raw = await download(t, route.endpoint, bodyFor(route), admin);
    if (String(raw.headers['content-type']).includes('spreadsheetml')) {
      const sheets = await readWorkbook(raw.rawPayload);
      answers.set(route.endpoint.path, { code: 200, text: JSON.stringify([...sheets.values()]) });
    } else {
      answers.set(route.endpoint.path, { code: raw.json().code, text: raw.body });
    }
  }
  return answers;
}

/** An image of the whole database: PGlite's data directory (WAL included), or a plain pg_dump of PostgreSQL. */
const dump = async () => {
  if (t.database.kind === 'postgres') {
    const url = (t.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
    const out = spawnSync('pg_dump', ['--no-owner', '-d', url], { maxBuffer: 512 * 1024 * 1024 });
    if (out.status !== 0) throw new Error(`pg_dump: ${out.stderr}`);
    return out.stdout;
  }
  const client = (t.database.db as unknown as { $client: PGlite }).$client;
  await client.query('checkpoint');
  return Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
};
/** The money figures found in a raw database image: as text, or as the 8 bytes of a bigint column. */
function dumpLeaks(image: Buffer) {
  return [...moneyOf(A), ...moneyOf(B)].filter((fen) => {
    const bytes = Buffer.alloc(8);
    bytes.writeBigInt64LE(BigInt(fen));
    return image.includes(bytes) || image.includes(Buffer.from(String(fen)));
  });
}

describe('a sealed task while quoting', () => {
  it('shows no price, freight, amount, MOQ or lead time in any staff answer or export', async () => {
    const answers = await sweep();
    for (const path of MUST_ANSWER) expect({ path, code: answers.get(path)?.code }).toEqual({ path, code: 200 });
    const found = [...answers].flatMap(([path, { text }]) => leaks(text).map((n) => `${path}: ${n}`));
    expect(found).toEqual([]);
  });

  it('shows who submitted, when and which revision, and the 代录 mark', async () => {
    const view = (await t.api(procurementTaskApi.compare, { id: w.taskId }, admin)).data;
    const quotes = Object.fromEntries(view.suppliers.map((s) => [s.supplierId, s.quote]));
    expect(Object.keys(quotes[w.a.supplierId]!).sort()).toEqual(['code', 'enteredByBuyer', 'id', 'revision', 'sealed', 'submittedAt']);
    expect(quotes[w.a.supplierId]).toMatchObject({ revision: 1, sealed: true, enteredByBuyer: false });
    expect(quotes[w.b.supplierId]).toMatchObject({ revision: 1, sealed: true, enteredByBuyer: true });
    expect(view.suppliers[0].revisions[0]).toMatchObject({ revision: 1, receiptSha256: null });
    expect(view.task.sealed).toBe(true);
  });

  it('keeps the database free of them: a dump holds ciphertext only', async () => {
    expect(dumpLeaks(await dump())).toEqual([]);
  });

  it('refuses 关闭报价: the opening is 提前开标 with a reason', async () => {
    const { version, allowedActions: allowed } = (await t.api(procurementTaskApi.info, { id: w.taskId }, admin)).data;
    // The detail says so beforehand: quotes, 提前开标 and 取消, never 关闭报价.
    expect(allowed).toEqual(['quote', 'unseal', 'cancel']);
    const closed = await t.api(procurementTaskApi.closeQuote, { id: w.taskId, version }, admin);
    expect({ code: closed.code, message: closed.message }).toEqual({ code: 409, message: '密封报价请使用提前开标' });
    expect((await t.call('/admin/procurement_task/unseal', { id: w.taskId, version }, admin)).code).toBe(400);
  });
});

describe('after 提前开标', () => {
  it('shows every price in the answers and exports, the database holds them, and each receipt matches its revision', async () => {
    const { version } = (await t.api(procurementTaskApi.info, { id: w.taskId }, admin)).data;
    const opened = await t.api(procurementTaskApi.unseal, { id: w.taskId, version, reason: '两家均已报价，提前开标' }, admin);
    expect(opened.code).toBe(200);
    const answers = await sweep();
    const compare = answers.get('/admin/procurement_task/compare')?.text ?? '';
    const exported = answers.get('/admin/procurement_task/export_compare')?.text ?? '';
    for (const q of [A, B]) {
      for (const fen of [...q.prices, q.freight]) expect(compare).toContain(String(fen));
      expect(exported).toContain(fenToYuan(q.prices[0]));
    }
    // The same scan finds them now: the figures stored in the readable columns and the opened revisions.
    expect(dumpLeaks(await dump())).toEqual(expect.arrayContaining([...A.prices, A.freight, ...B.prices, B.freight]));

    const view = (await t.api(procurementTaskApi.compare, { id: w.taskId }, admin)).data;
    expect(view.task).toMatchObject({ status: 'evaluating', sealed: true, unsealedAt: t.clock.now.toISOString() });
    // Who opened it early and why, in the task's detail and in 报价维护.
    const info = (await t.api(procurementTaskApi.info, { id: w.taskId }, admin)).data;
    for (const task of [info, view.task]) expect(task).toMatchObject({ unsealReason: '两家均已报价，提前开标', unsealedByName: expect.any(String) });
    expect(info.unsealedByName!.length).toBeGreaterThan(0);
    const [revision] = await t.database.db
      .select()
      .from(quotationRevisions)
      .where(and(eq(quotationRevisions.taskId, w.taskId), eq(quotationRevisions.supplierId, w.a.supplierId)));
    expect(revision.sealedContent).toBeNull();
    expect(sha256Hex(revision.content as string)).toBe(revision.receiptSha256);
    const a = view.suppliers.find((s) => s.supplierId === w.a.supplierId);
    expect(a!.revisions[0].receiptSha256).toBe(revision.receiptSha256);

    const log = (await t.api(operationLogApi.list, { pageSize: 200, module: 'procurement_task' }, admin)).data.list;
    expect(log.find((r: { action: string }) => r.action === 'unseal')).toBeDefined();
  });

  it('cannot be undone or repeated', async () => {
    const { version, allowedActions: allowed } = (await t.api(procurementTaskApi.info, { id: w.taskId }, admin)).data;
    expect(allowed).toEqual(['cancel', 'award']);
    expect((await t.api(procurementTaskApi.unseal, { id: w.taskId, version, reason: '再开一次' }, admin)).code).toBe(409);
  });
});

describe('the deadline', () => {
  it('opens a sealed task through the minute job', async () => {
    const late = await portalWorld(t, admin);
    await t.api(
      portalApi.submitQuote,
      {
        taskId: late.taskId,
        validUntil: '2099-12-31',
        freightMode: 'manual',
        freightFen: 1234,
        lines: [{ taskLineId: late.lineIds[0], unitPriceFen: 5678 }],
      },
      late.a.token,
    );
    let view = (await t.api(procurementTaskApi.compare, { id: late.taskId }, admin)).data;
    expect(view.suppliers.find((s) => s.supplierId === late.a.supplierId)!.quote!.sealed).toBe(true);
    t.clock.advance(2 * DAY);
    expect(await closePassedDeadlines(t.database.db, t.clock.now)).toContain(late.taskId);
    admin = await t.login();
    view = (await t.api(procurementTaskApi.compare, { id: late.taskId }, admin)).data;
    const quote = view.suppliers.find((s) => s.supplierId === late.a.supplierId)!.quote;
    expect(quote).toMatchObject({ sealed: false, freightFen: 1234 });
    expect(opened(quote).lines[0].unitPriceFen).toBe(5678);
    expect((await t.api(portalApi.rfqInfo, { taskId: late.taskId }, await portalLogin(t, late.a.email))).data.task.status).toBe('evaluating');
  });
});

describe('the opening at the deadline', () => {
  it('is recorded by the first read after the deadline, before the minute job runs', async () => {
    const due = await portalWorld(t, admin);
    const submitted = await t.api(
      portalApi.submitQuote,
      {
        taskId: due.taskId,
        validUntil: '2099-12-31',
        freightMode: 'manual',
        freightFen: 4321,
        lines: [{ taskLineId: due.lineIds[0], unitPriceFen: 8765 }],
      },
      due.a.token,
    );
    expect(submitted.code).toBe(200);
    t.clock.advance(2 * DAY);
    admin = await t.login();
    // The very first read after the deadline, with no minute job in between, sees the prices.
    const view = (await t.api(procurementTaskApi.compare, { id: due.taskId }, admin)).data;
    // Opened by its deadline: nobody opened it early.
    expect(view.task).toMatchObject({
      status: 'evaluating',
      sealed: true,
      unsealedAt: t.clock.now.toISOString(),
      unsealReason: null,
      unsealedByName: null,
    });
    const quote = view.suppliers.find((s) => s.supplierId === due.a.supplierId)!.quote;
    expect(quote).toMatchObject({ sealed: false, freightFen: 4321 });
    expect(opened(quote).lines[0].unitPriceFen).toBe(8765);
    // The opening is recorded once, by 系统, and the minute job finds nothing left to do.
    expect(await closePassedDeadlines(t.database.db, t.clock.now)).not.toContain(due.taskId);
    const log = (await t.api(operationLogApi.list, { pageSize: 200, module: 'procurement_task' }, admin)).data.list;
    expect(log.filter((r) => r.action === 'auto_close_quote' && r.recordId === String(due.taskId))).toHaveLength(1);
  });

  it('is recorded by a list read too: no task is listed as 待定标 with its prices sealed', async () => {
    const due = await portalWorld(t, admin);
    t.clock.advance(2 * DAY);
    admin = await t.login();
    const list = (await t.api(procurementTaskApi.list, { pageSize: 200 }, admin)).data.list;
    expect(list.find((r: { id: number }) => r.id === due.taskId)).toMatchObject({ status: 'evaluating', sealed: true });
    const info = (await t.api(procurementTaskApi.info, { id: due.taskId }, admin)).data;
    expect(info.unsealedAt).not.toBeNull();
  });
});

describe('rotating the sealing key', () => {
  it('re-encrypts every sealed revision, all or none, and back', async () => {
    const open = await portalWorld(t, admin);
    const submitted = await t.api(
      portalApi.submitQuote,
      {
        taskId: open.taskId,
        validUntil: '2099-12-31',
        freightMode: 'manual',
        freightFen: 4321,
        lines: [{ taskLineId: open.lineIds[0], unitPriceFen: 8765 }],
      },
      open.a.token,
    );
    expect(submitted.code).toBe(200);
    const readRevision = async () =>
      (
        await t.database.db
          .select()
          .from(quotationRevisions)
          .where(and(eq(quotationRevisions.taskId, open.taskId), eq(quotationRevisions.supplierId, open.a.supplierId)))
      )[0];
    const before = await readRevision();
    const context = revisionContext(open.taskId, open.a.supplierId, 1);
    const oldKey = sealKey();
    const newKey = randomBytes(32);
    expect(await rotateSealKey(t.database.db, oldKey, newKey)).toBeGreaterThanOrEqual(1);
    const rotated = await readRevision();
    expect(rotated.sealedContent).not.toBe(before.sealedContent);
    expect(() => unseal(rotated.sealedContent as string, context, oldKey)).toThrow();
    const plain = unseal(rotated.sealedContent as string, context, newKey);
    expect(sha256Hex(plain)).toBe(submitted.data.receiptSha256);
    // A wrong key opens nothing and changes nothing.
    await expect(rotateSealKey(t.database.db, randomBytes(32), oldKey)).rejects.toThrow();
    expect((await readRevision()).sealedContent).toBe(rotated.sealedContent);
    await rotateSealKey(t.database.db, newKey, oldKey);
    expect(unseal((await readRevision()).sealedContent as string, context)).toBe(plain);
  });
});
