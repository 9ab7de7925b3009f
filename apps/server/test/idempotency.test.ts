import { backUserApi, commodityApi } from '@scm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backUsers, idempotencyKeys, planningTasks } from '../src/db/schema';
import { IDEMPOTENCY_TTL_MS } from '../src/lib/http/idempotency';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers';

let t: TestApp;
let planner: string;
let admin: string;
let plannerId: number;
let commodityIds: number[];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
  planner = await t.login('planner@jiaju.com', ADMIN_PASSWORD);
  plannerId = (await t.api(backUserApi.options, {}, admin)).data.find((o: { label: string }) => o.label.includes('王计划'))!.value;
  commodityIds = (await t.api(commodityApi.list, { pageSize: 3, status: 'enabled' }, admin)).data.list.map((c: { id: number }) => c.id);
});
afterAll(() => t.close());

let plans = 0;
/** A plan body with a name of its own, so the tests can count the plans each one made. */
function planBody() {
  plans += 1;
  return {
    name: `幂等测试计划${plans}`,
    plan_type: 'regular',
    warehouse: 'sh_jiading',
    period_start: '2026-12-01',
    period_end: '2026-12-31',
    lines: commodityIds.map((id) => ({ commodity_id: id, quantity: 10 })),
  };
}

const create = (body: unknown, token: string, key?: string) =>
  t.call('/admin/planning_task/create', body, token, key === undefined ? {} : { 'idempotency-key': key });

async function plansNamed(name: string) {
  const rows = await t.database.db.select({ id: planningTasks.id }).from(planningTasks).where(eq(planningTasks.name, name));
  return rows.length;
}

describe('Idempotency-Key on create calls', () => {
  it('ten simultaneous identical creates with one key make one plan and give ten identical answers', async () => {
    const body = planBody();
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(body, planner, 'form-open-1')));
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    expect(answers[0].data.id).toEqual(expect.any(Number));
    expect(await plansNamed(body.name)).toBe(1);
  });

  it('a repeat after the first answer returns that answer and writes nothing', async () => {
    const body = planBody();
    const first = await create(body, planner, 'form-open-2');
    const again = await create(body, planner, 'form-open-2');
    expect(again).toMatchObject({ code: 200, data: first.data });
    expect(await plansNamed(body.name)).toBe(1);
  });

  it('keys belong to their user: another user with the same key creates their own plan', async () => {
    const body = planBody();
    const mine = await create(body, planner, 'shared-key');
    const theirs = await create({ ...body, owner_id: plannerId }, admin, 'shared-key');
    expect(mine.code).toBe(200);
    expect(theirs.code).toBe(200);
    expect(theirs.data.id).not.toBe(mine.data.id);
    expect(await plansNamed(body.name)).toBe(2);
  });

  it('without a key every call creates, as before', async () => {
    const body = planBody();
    expect((await create(body, planner)).code).toBe(200);
    expect((await create(body, planner)).code).toBe(200);
    expect(await plansNamed(body.name)).toBe(2);
  });

  it('a failed call releases its key, so a corrected retry with the same key runs', async () => {
    const body = planBody();
    const failed = await create({ ...body, period_end: '2026-11-01' }, planner, 'form-open-3');
    expect(failed.code).toBe(400);
    const invalidOwner = await create({ ...body, owner_id: 999999 }, planner, 'form-open-3');
    expect(invalidOwner.code).not.toBe(200);
    const retried = await create(body, planner, 'form-open-3');
    expect(retried.code).toBe(200);
    expect(await plansNamed(body.name)).toBe(1);
  });

  it('the same key on another create route is refused with a Chinese message', async () => {
    const body = planBody();
    expect((await create({ ...body, owner_id: plannerId }, admin, 'form-open-4')).code).toBe(200);
    const other = await t.call('/admin/category/create', { name: '幂等分类', code: 'IDEM01', parent_id: null }, admin, {
      'idempotency-key': 'form-open-4',
    });
    expect(other.code).toBe(409);
    expect(other.message).toBe('该幂等键已用于其他请求，请更换后重试');
  });

  it('the same key with a different body is refused with 409 and writes nothing; the same body in another order is a repeat', async () => {
    const body = planBody();
    const first = await create(body, planner, 'form-open-6');
    expect(first.code).toBe(200);
    const changed = { ...body, name: `${body.name}-改`, lines: [{ commodity_id: commodityIds[0], quantity: 11 }] };
    const before = await t.database.db.select({ id: planningTasks.id }).from(planningTasks);
    const refused = await create(changed, planner, 'form-open-6');
    expect(refused).toMatchObject({ code: 409, message: '幂等键已用于不同的请求' });
    expect(await t.database.db.select({ id: planningTasks.id }).from(planningTasks)).toHaveLength(before.length);
    expect(await plansNamed(changed.name)).toBe(0);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect(await create(reordered, planner, 'form-open-6')).toMatchObject({ code: 200, data: first.data });
    expect(await plansNamed(body.name)).toBe(1);
  });

  it('a repeat that finds the first call still running waits, then answers 409 in Chinese', async () => {
    const [user] = await t.database.db.select({ id: backUsers.id }).from(backUsers).where(eq(backUsers.email, 'planner@jiaju.com'));
    await t.database.db
      .insert(idempotencyKeys)
      .values({ userId: user.id, key: 'stuck', path: '/admin/planning_task/create', createdAt: t.clock.now });
    const body = planBody();
    const answer = await create(body, planner, 'stuck');
    expect(answer).toMatchObject({ code: 409, message: '请求正在处理，请稍后重试' });
    expect(await plansNamed(body.name)).toBe(0);
  });

  it('refuses a key that is empty, too long or not visible ASCII with 400', async () => {
    for (const key of ['', 'x'.repeat(101), '键', 'has space']) {
      const answer = await create(planBody(), planner, key);
      expect(answer.code, key).toBe(400);
      expect(answer.data.field_errors[0].field).toBe('idempotency_key');
    }
    const stored = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'has space'));
    expect(stored).toEqual([]);
  });

  it('a key is honoured for 24 hours, then it may be used again', async () => {
    const body = planBody();
    const first = await create(body, planner, 'form-open-5');
    // Sessions last hours, not days: sign in again after moving the clock.
    t.clock.advance(IDEMPOTENCY_TTL_MS - 60_000);
    planner = await t.login('planner@jiaju.com', ADMIN_PASSWORD);
    expect((await create(body, planner, 'form-open-5')).data).toEqual(first.data);
    t.clock.advance(120_000);
    planner = await t.login('planner@jiaju.com', ADMIN_PASSWORD);
    const later = await create(body, planner, 'form-open-5');
    expect(later.code).toBe(200);
    expect(later.data.id).not.toBe(first.data.id);
    expect(await plansNamed(body.name)).toBe(2);
  });
});
