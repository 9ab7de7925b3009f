import { portalApi, portalMessageApi, quotationApi } from '@scm/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, shanghaiDay, type TestApp } from '../../../test/helpers';
import { portalWorld } from '../../../test/portal-fixtures';
import { auditRowCount } from '../../../test/status-machine-sweep';
import { messages, quotationRevisions, quotations } from '../../db/schema';

// A supplier's own bid is its own (docs/portal.md, "Own bids").

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const OWN_BID = '供应商已在门户自行报价，不能代录或代为放弃';

type World = Awaited<ReturnType<typeof portalWorld>>;
const staffQuote = (w: World, supplierId: number, price: number) =>
  t.api(
    quotationApi.save,
    {
      taskId: w.taskId,
      supplierId,
      quoteDate: shanghaiDay(t),
      validUntil: shanghaiDay(t, 30),
      freightMode: 'manual',
      freightFen: 0,
      lines: w.lineIds.map((taskLineId) => ({ taskLineId, unitPriceFen: price })),
    },
    admin,
  );
const portalQuote = (w: World, token: string, price: number) =>
  t.api(
    portalApi.submitQuote,
    {
      taskId: w.taskId,
      validUntil: shanghaiDay(t, 30),
      freightMode: 'manual',
      freightFen: 0,
      lines: w.lineIds.map((taskLineId) => ({ taskLineId, unitPriceFen: price })),
    },
    token,
  );
/** The supplier's quote rows, revisions and the audit trail: what a refused act leaves as it was. */
async function quoteState(w: World, supplierId: number) {
  const { db } = t.database;
  const mine = (table: typeof quotations | typeof quotationRevisions) => and(eq(table.taskId, w.taskId), eq(table.supplierId, supplierId));
  return {
    quote: await db.select().from(quotations).where(mine(quotations)),
    revisions: await db.select().from(quotationRevisions).where(mine(quotationRevisions)).orderBy(quotationRevisions.revision),
    audit: await auditRowCount(db),
  };
}
async function messagesTo(accountId: number) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.recipientAccountId, accountId), eq(messages.kind, 'quote_entered')));
  return row.n;
}

describe('a supplier’s own portal bid', () => {
  it('cannot be replaced by 代录 nor withdrawn by 放弃报价 on its behalf', async () => {
    const w = await portalWorld(t, admin);
    expect((await portalQuote(w, w.a.token, 4800)).code).toBe(200);
    const before = await quoteState(w, w.a.supplierId);

    const replaced = await staffQuote(w, w.a.supplierId, 4000);
    expect(replaced).toMatchObject({ code: 409, message: OWN_BID });
    const withdrawn = await t.api(quotationApi.decline, { taskId: w.taskId, supplierId: w.a.supplierId, reason: '电话告知放弃' }, admin);
    expect(withdrawn).toMatchObject({ code: 409, message: OWN_BID });
    expect(await quoteState(w, w.a.supplierId)).toEqual(before);
    expect(await messagesTo(w.a.accountId)).toBe(0);

    // The supplier itself still revises and declines its own bid.
    expect((await portalQuote(w, w.a.token, 4700)).code).toBe(200);
    expect((await t.api(portalApi.declineQuote, { taskId: w.taskId, reason: '产能已满' }, w.a.token)).code).toBe(200);
  });

  it('a 代录 for a supplier without a portal bid tells its portal accounts, and its later own bid is then its own', async () => {
    const w = await portalWorld(t, admin);
    const entered = await staffQuote(w, w.b.supplierId, 1100);
    expect(entered.code, entered.message).toBe(200);
    expect(await messagesTo(w.b.accountId)).toBe(1);
    expect(await messagesTo(w.a.accountId)).toBe(0);
    const [message] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.recipientAccountId, w.b.accountId), eq(messages.kind, 'quote_entered')));
    expect(message).toMatchObject({ title: expect.stringContaining('采购方代录报价'), link: `/portal/rfq/detail?id=${w.taskId}` });
    // Its bell lists it.
    const inbox = await t.api(portalMessageApi.list, { pageSize: 20 }, w.b.token);
    expect(inbox.data.list.map((m) => m.kind)).toContain('quote_entered');

    // Staff may enter it again while the current quote is theirs; once the supplier quotes itself, no longer.
    expect((await staffQuote(w, w.b.supplierId, 1050)).code).toBe(200);
    expect(await messagesTo(w.b.accountId)).toBe(2);
    expect((await portalQuote(w, w.b.token, 1000)).code).toBe(200);
    expect(await staffQuote(w, w.b.supplierId, 900)).toMatchObject({ code: 409, message: OWN_BID });
    expect(await messagesTo(w.b.accountId)).toBe(2);
  });

  it('a refused 代录 tells nobody', async () => {
    const w = await portalWorld(t, admin);
    expect((await staffQuote(w, w.b.supplierId, 1100)).code).toBe(200);
    // A quote whose validity ends before its date is refused after the checks that come before the message.
    const refused = await t.api(
      quotationApi.save,
      {
        taskId: w.taskId,
        supplierId: w.b.supplierId,
        quoteDate: shanghaiDay(t),
        validUntil: shanghaiDay(t, -1),
        freightMode: 'manual',
        freightFen: 0,
        lines: [],
      },
      admin,
    );
    expect(refused.code).toBe(400);
    expect(await messagesTo(w.b.accountId)).toBe(1);
  });
});
