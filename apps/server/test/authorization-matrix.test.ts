import { ALL_PERMISSION_CODES, authApi, portalApi, portalStatementApi, portalPurchaseOrderApi, portalPurchaseReturnApi } from '@scm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backUsers, menus, portalSessions, purchaseOrderLines, rolePermissions, roles, sessions, shipmentLines, shipments } from '../src/db/schema';
import { AUTHENTICATED, type AnyRoute, isPortalRoute, PORTAL, PUBLIC } from '../src/lib/http/route';
import { hashPassword } from '../src/lib/access/passwords';
import { hashToken } from '../src/lib/access/tokens';
import { allRoutes } from '../src/modules';
import { databaseFingerprint } from './fingerprint';
import { type ApiPath, createTestApp, shanghaiDay, type TestApp } from './helpers';
import { awardedTask, sentStatement } from './order-fixtures';
import { portalLogin, portalQuote, portalWorld } from './portal-fixtures';
import { sampleValue } from './junk';

/**
 * docs/rules/quality-bars.md "Authorization matrix", generated from the route registry so no route escapes:
 * every /api/admin route × (no token, a made-up token, a revoked token, an expired token, a role
 * without the route's code, a role holding only that code). Refusals must leave the database
 * exactly as it was. The supplier portal's realm beside it (docs/portal.md): every /api/portal route
 * × (no token, a staff token, a revoked or expired portal token) → 401, and a supplier's token on
 * another supplier's records → 404; every /api/admin route refuses a portal token with 401.
 */

const PROBE_EMAIL = 'probe@matrix.test';
const PROBE_PASSWORD = 'Probe12345';

let t: TestApp;
let probeRoleId: number;
let probe: string;
let revoked: string;
let expired: string;
let allCodes: string[];
/** Supplier A's portal tokens; `foreign` is a task only other suppliers were invited to and another supplier's order. */
type Foreign = {
  taskId: number;
  lineIds: number[];
  orderId: number;
  orderLineId: number;
  shipmentId: number;
  returnId: number;
  statementId: number;
};
let portal: { token: string; revoked: string; expired: string; ownTask: number; foreign: Foreign };

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  [{ id: probeRoleId }] = await db.insert(roles).values({ name: '探针角色', code: 'matrix_probe' }).returning({ id: roles.id });
  await db.insert(backUsers).values({
    email: PROBE_EMAIL,
    username: '探针用户',
    passwordHash: await hashPassword(PROBE_PASSWORD),
    roleId: probeRoleId,
  });
  probe = await t.login(PROBE_EMAIL, PROBE_PASSWORD);
  revoked = await t.login(PROBE_EMAIL, PROBE_PASSWORD);
  expect((await t.api(authApi.logout, {}, revoked)).code).toBe(200);
  expired = await t.login(PROBE_EMAIL, PROBE_PASSWORD);
  await db
    .update(sessions)
    .set({ expiresAt: new Date(t.clock.now.getTime() - 1000) })
    .where(eq(sessions.tokenHash, hashToken(expired)));
  allCodes = (await db.select({ key: menus.key }).from(menus)).map((m) => m.key);

  const admin = await t.login();
  const mine = await portalWorld(t, admin);
  const theirs = await portalWorld(t, admin);
  const portalRevoked = await portalLogin(t, mine.a.email);
  expect((await t.api(portalApi.logout, {}, portalRevoked)).code).toBe(200);
  const portalExpired = await portalLogin(t, mine.a.email);
  await db
    .update(portalSessions)
    .set({ expiresAt: new Date(t.clock.now.getTime() - 1000) })
    .where(eq(portalSessions.tokenHash, hashToken(portalExpired)));
  portal = {
    token: mine.a.token,
    revoked: portalRevoked,
    expired: portalExpired,
    ownTask: mine.taskId,
    foreign: {
      taskId: theirs.taskId,
      lineIds: theirs.lineIds,
      statementId: (await sentStatement(t, admin)).statementId,
      returnId: (await foreignReturn(admin)).returnId,
      ...(await foreignShipment(admin)),
    },
  };
});
afterAll(() => t.close());

/** Another supplier's order, received in part, with a return waiting for that supplier's answer. */
async function foreignReturn(admin: string) {
  const orderId = (await awardedTask(t, admin)).orders[0].id;
  const ok = async (path: ApiPath, body: unknown) => {
    const answer = await t.call(path, body, admin);
    expect(answer.code, `${path}: ${answer.message}`).toBe(200);
    return answer.data;
  };
  await ok('/admin/purchase_order/confirm', { id: orderId, version: 0 });
  const lineId = (await ok('/admin/purchase_order/info', { id: orderId })).lines[0].id;
  await ok('/admin/purchase_order/receive', {
    id: orderId,
    version: 1,
    received_on: shanghaiDay(t),
    lines: [{ order_line_id: lineId, quantity: 10 }],
  });
  const { id: returnId } = await ok('/admin/purchase_return/create', {
    order_id: orderId,
    reason_type: 'quality',
    replacement: true,
    lines: [{ order_line_id: lineId, quantity: 2 }],
  });
  return { orderId, returnId: returnId as number };
}

/** Another supplier's order with a shipping notice on it (written straight in: shipments are tested with the orders). */
async function foreignShipment(admin: string) {
  const order = (await awardedTask(t, admin)).orders[0];
  const { db } = t.database;
  const [line] = await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, order.id));
  const [shipment] = await db
    .insert(shipments)
    .values({
      code: 'FHFOREIGN0001',
      orderId: order.id,
      supplierId: order.supplierId,
      shipDate: '2026-01-01',
      expectedArrival: '2026-01-02',
      deliveryNoteNo: 'SD-FOREIGN',
      createdBySide: 'supplier',
    })
    .returning({ id: shipments.id });
  await db.insert(shipmentLines).values({ shipmentId: shipment.id, orderLineId: line.id, quantity: 1 });
  return { orderId: order.id, orderLineId: line.id, shipmentId: shipment.id };
}

/** The probe user's role holds exactly these codes from now on (checked on every request, no new login). */
async function grant(codes: string[]) {
  const { db } = t.database;
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, probeRoleId));
  if (codes.length > 0) await db.insert(rolePermissions).values(codes.map((code) => ({ roleId: probeRoleId, code })));
}

const guarded = allRoutes.filter((r) => r.permission !== PUBLIC && r.permission !== PORTAL);
const portalGuarded = allRoutes.filter((r) => r.permission === PORTAL);
const byPath = (routes: AnyRoute[]) => routes.map((r) => [r.endpoint.path, r] as const);

/** An empty body and a plausible one: the guard must not depend on what the body says. */
const bodiesFor = (route: AnyRoute) => [{}, sampleValue(route.endpoint.body)];

describe('the route registry', () => {
  it('serves every route under /api/admin or /api/portal, once, and every route is registered with Fastify', () => {
    const paths = allRoutes.map((r) => r.endpoint.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) {
      expect(path).toMatch(/^\/(admin|portal)\/[a-z_]+\/[a-z_]+$|^\/(admin|portal)\/(login|logout)$/);
      expect(t.app.hasRoute({ method: 'POST', url: `/api${path}` })).toBe(true);
    }
  });

  it('names a known permission code for every route; only the login calls and the portal activation (whom the link is for, the password) are public', () => {
    expect(allRoutes.filter((r) => r.permission === PUBLIC).map((r) => r.endpoint.path)).toEqual([
      '/admin/login',
      '/portal/account/activation_info',
      '/portal/account/activate',
      '/portal/login',
    ]);
    // The portal realm is exactly the /portal paths; none of them takes a staff code.
    expect(allRoutes.filter((r) => r.permission === PORTAL)).toEqual(allRoutes.filter((r) => isPortalRoute(r) && r.permission !== PUBLIC));
    for (const route of guarded) {
      if (route.permission !== AUTHENTICATED) expect(ALL_PERMISSION_CODES).toContain(route.permission);
    }
  });
});

describe.each(byPath(guarded))('%s', (_path, route) => {
  it('answers 401 and changes nothing without a valid session', async () => {
    const before = await databaseFingerprint(t.database.db);
    for (const body of bodiesFor(route)) {
      for (const token of [null, 'made-up-token', 'x'.repeat(300), revoked, expired, portal.token]) {
        const answer = await t.call(route.endpoint, body, token);
        expect({ token: token?.slice(0, 12), status: answer.status, code: answer.code }).toEqual({
          token: token?.slice(0, 12),
          status: 200,
          code: 401,
        });
      }
    }
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });

  if (route.permission === AUTHENTICATED) {
    it('is open to any signed-in user, even one whose role holds no code', async () => {
      await grant([]);
      // A token of its own: this call may be the logout.
      const answer = await t.call(route.endpoint, {}, await t.login(PROBE_EMAIL, PROBE_PASSWORD));
      expect(answer.status).toBe(200);
      expect([401, 403]).not.toContain(answer.code);
    });
    return;
  }

  it(`answers 403 and changes nothing for a role holding every code but ${route.permission}`, async () => {
    await grant(allCodes.filter((code) => code !== route.permission));
    const before = await databaseFingerprint(t.database.db);
    for (const body of bodiesFor(route)) {
      const answer = await t.call(route.endpoint, body, probe);
      expect({ status: answer.status, code: answer.code }).toEqual({ status: 200, code: 403 });
    }
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });

  it(`lets a role holding only ${route.permission} through the guard`, async () => {
    await grant([route.permission]);
    const answer = await t.call(route.endpoint, {}, probe);
    expect(answer.status).toBe(200);
    expect([401, 403]).not.toContain(answer.code);
  });
});

/**
 * A body for each portal route that names a record of supplier A's realm by id: the foreign task
 * (and its lines) must be as good as missing. A portal route without a record id is listed in
 * SCOPED_BY_CALLER; a new route must join one or the other.
 */
const FOREIGN_BODIES: Partial<Record<ApiPath, (foreign: Foreign) => unknown>> = {
  '/portal/rfq/info': (f) => ({ task_id: f.taskId }),
  '/portal/quotation/submit': (f) => portalQuote(f.taskId, f.lineIds, [100, 200]),
  '/portal/quotation/decline': (f) => ({ task_id: f.taskId, reason: '探针' }),
  '/portal/quotation/estimate_freight': (f) => ({ task_id: f.taskId }),
  '/portal/clarification/ask': (f) => ({ task_id: f.taskId, question: '探针问题' }),
  '/portal/purchase_order/info': (f) => ({ id: f.orderId }),
  '/portal/purchase_order/confirm': (f) => ({ id: f.orderId, version: 0 }),
  '/portal/purchase_return/info': (f) => ({ id: f.returnId }),
  '/portal/purchase_return/confirm': (f) => ({ id: f.returnId, version: 0 }),
  '/portal/purchase_return/dispute': (f) => ({ id: f.returnId, version: 0, reason: '探针异议' }),
  '/portal/purchase_order/reject': (f) => ({ id: f.orderId, version: 0, reason: '探针' }),
  '/portal/shipment/create': (f) => ({
    order_id: f.orderId,
    ship_date: '2026-01-01',
    expected_arrival: '2026-01-02',
    delivery_note_no: 'SD-PROBE',
    lines: [{ order_line_id: f.orderLineId, quantity: 1 }],
  }),
  '/portal/shipment/info': (f) => ({ id: f.shipmentId }),
  '/portal/shipment/cancel': (f) => ({ id: f.shipmentId, version: 0, reason: '探针' }),
  '/portal/statement/info': (f) => ({ id: f.statementId }),
  '/portal/statement/confirm': (f) => ({ id: f.statementId, version: 1 }),
  '/portal/statement/dispute': (f) => ({ id: f.statementId, version: 1, reason: '探针' }),
  '/portal/supplier_invoice/submit': (f) => ({
    statement_id: f.statementId,
    invoice_number: '26442000000000000001',
    invoice_type: 'special',
    tax_rate_percent: 13,
    issue_date: '2020-01-01',
    seller_tax_id: '91330100MA2B3C4D5E',
    buyer_tax_id: '91440300MA5F6G7H8J',
    amount_excl_tax_fen: 100,
    tax_fen: 13,
    amount_incl_tax_fen: 113,
  }),
};
/** Routes that read or write only the caller's own rows (a message id of someone else's changes nothing). */
const SCOPED_BY_CALLER: ApiPath[] = [
  '/portal/logout',
  '/portal/account/info',
  '/portal/rfq/list',
  '/portal/purchase_order/list',
  '/portal/purchase_return/list',
  '/portal/shipment/list',
  '/portal/statement/list',
  '/portal/message/list',
  '/portal/message/unread_count',
  '/portal/message/read',
  '/portal/message/read_all',
  '/portal/message/ticket',
];

describe.each(byPath(portalGuarded))('%s (portal realm)', (path, route) => {
  it('answers 401 and changes nothing without a live portal session, including with a staff token', async () => {
    const staff = await t.login();
    const before = await databaseFingerprint(t.database.db);
    for (const body of bodiesFor(route)) {
      for (const token of [null, 'made-up-token', 'x'.repeat(300), staff, portal.revoked, portal.expired]) {
        const answer = await t.call(route.endpoint, body, token);
        expect({ token: token?.slice(0, 12), status: answer.status, code: answer.code }).toEqual({
          token: token?.slice(0, 12),
          status: 200,
          code: 401,
        });
      }
    }
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });

  it('reaches only its own supplier’s records: another supplier’s task is 404 and nothing changes', async () => {
    const foreignBody = FOREIGN_BODIES[path as ApiPath];
    expect(foreignBody !== undefined || SCOPED_BY_CALLER.includes(path as ApiPath), 'add the route to FOREIGN_BODIES or SCOPED_BY_CALLER').toBe(true);
    if (!foreignBody) return;
    const before = await databaseFingerprint(t.database.db);
    const answer = await t.call(route.endpoint, foreignBody(portal.foreign), portal.token);
    expect({ status: answer.status, code: answer.code }).toEqual({ status: 200, code: 404 });
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });
});

describe('the portal list', () => {
  it('holds only the caller’s invitations', async () => {
    const list = await t.api(portalApi.rfqList, { pageSize: 200 }, portal.token);
    const ids = list.data.list.map((r) => r.taskId);
    expect(ids).toContain(portal.ownTask);
    expect(ids).not.toContain(portal.foreign.taskId);
  });

  it('holds none of another supplier’s statements', async () => {
    const list = await t.api(portalStatementApi.list, { pageSize: 200 }, portal.token);
    expect(list.data.list.map((s: { id: number }) => s.id)).not.toContain(portal.foreign.statementId);
  });

  it('holds none of another supplier’s orders', async () => {
    const list = await t.api(portalPurchaseOrderApi.list, { pageSize: 200 }, portal.token);
    expect(list.data.list.map((o: { id: number }) => o.id)).not.toContain(portal.foreign.orderId);
  });

  it('holds none of another supplier’s returns', async () => {
    const list = await t.api(portalPurchaseReturnApi.list, { pageSize: 200 }, portal.token);
    expect(list.data.list.map((r: { id: number }) => r.id)).not.toContain(portal.foreign.returnId);
  });
});
