/**
 * What the bench measures and what the fault tests write. Each business module adds its entries
 * here (a few lines each); the runners in bench.ts and faults/ never need to change.
 */
import {
  commodityListRequest,
  compareMaintainView,
  purchaseOrderListRequest,
  purchaseReturnListRequest,
  shipmentListRequest,
  statementListRequest,
  taskListRequest,
  toCamelCase,
} from '@scm/contract';
import type pg from 'pg';
import {
  type AuthedContext,
  type Db,
  getMaintainView,
  getPlan,
  listCommodities,
  listOrders,
  listReturns,
  listShipments,
  listStatements,
  listTasks,
} from '../apps/server/src';
import type { Api } from './lib/api';
import { benchUser } from './lib/bench-user';
import { boardBenchQueries, openPayableBenchQuery } from './lib/board-queries';
import type { Body, Query } from './lib/query';
import { replayedFloor } from './lib/replayed-floor';
import { setupFreightEstimate } from '../packages/contract/bench/freight-cart';

export interface BenchEndpoint {
  /** Shown in the table. */
  name: string;
  kind: 'list' | 'detail';
  /** The API path after /api, e.g. '/admin/commodity/page'. */
  path: string;
  /** Finds the ids the body refers to in the bench database (runs once, before the load). */
  prepare?: (q: Query) => Promise<Body>;
  /** The snake_case request body, as the web app sends it. */
  body: (fixtures: Body) => Body;
  /**
   * The floor: the same SQL the route runs, through a bare `pg` pool behind a bare `node:http`
   * handler. The session lookup every signed-in call pays is run before it (floorAuthSql). Most
   * entries replay the app's own statements (lib/replayed-floor.ts), which needs the pool itself.
   */
  floor: (q: Query, body: Body, pool: pg.Pool) => Promise<unknown>;
}

/** A write for the soak and crash runs: one create per call, checkable afterwards. */
export interface WriteStream {
  name: string;
  /** Creates one record through the API; resolves to a key to check later, or null when not answered 200. */
  create(api: Api, token: string, i: number): Promise<string | null>;
  /** After a restart: a problem description when the record answered 200 is missing or incomplete. */
  check(api: Api, token: string, key: string): Promise<string | null>;
  /** Rows of half-written data (a header without its lines...): must be empty after any crash. */
  brokenSql: string;
  /** How many records the stream has created so far (the soak compares it with the 200 answers). */
  countSql: string;
}

export const ADMIN_EMAIL = 'admin@jiaju.com';
export const ADMIN_PASSWORD = 'Bench2026pass';

/** Mirrors authenticate() in modules/auth/service.ts. */
export const floorAuthSql = `
  select s.id as session_id, s.last_seen_at, s.expires_at, s.revoked_at, u.id as user_id, u.username, u.email,
         u.status, u.role_id, r.status as role_status,
         (select array_agg(rp.code) from role_permissions rp where rp.role_id = u.role_id) as codes
    from sessions s
    join back_users u on u.id = s.user_id
    join roles r on r.id = u.role_id
   where s.token_hash = $1
   limit 1`;

const adminId: BenchEndpoint['prepare'] = async (q) => {
  const [row] = await q<{ id: number; role_id: number }>('select id, role_id from back_users where lower(email) = $1', [ADMIN_EMAIL]);
  return { userId: row.id, roleId: row.role_id };
};

export const endpoints: BenchEndpoint[] = [
  {
    name: '用户详情 back_user/info',
    kind: 'detail',
    path: '/admin/back_user/info',
    prepare: adminId,
    body: (f) => ({ id: f.userId }),
    floor: async (q, body) => {
      const [row] = await q(
        `select u.*, r.id as r_id, r.name as r_name, r.code as r_code
           from back_users u join roles r on r.id = u.role_id where u.id = $1 limit 1`,
        [body.id],
      );
      return row;
    },
  },
  {
    name: '角色详情 role/info',
    kind: 'detail',
    path: '/admin/role/info',
    prepare: adminId,
    body: (f) => ({ id: f.roleId }),
    floor: async (q, body) => {
      const [role] = await q('select * from roles where id = $1 limit 1', [body.id]);
      const codes = await q('select code from role_permissions where role_id = $1 order by code', [body.id]);
      const menus = await q('select * from menus order by sort, id');
      return { ...role, permission_codes: codes.map((c) => c.code), menus };
    },
  },
];

/** The service functions take a context; the queries these entries replay read only its database. */
const readContext = (db: Db) => ({ db, now: () => new Date(), user: benchUser }) as unknown as AuthedContext;

/**
 * The commodity list at the bar's filter: a keyword and a top-level category (its descendants
 * included). On a seed:scale database '毛巾' under 家纺布艺 matches about 11,000 of 1,000,000 rows.
 */
const commodityListFixture: BenchEndpoint['prepare'] = async (q) => {
  const [category] = await q<{ id: number }>(
    `select id from categories where code = 'JF' or parent_id is null order by (code = 'JF') desc, id limit 1`,
  );
  return { categoryId: category?.id };
};
const commodityListFloor = replayedFloor((db, body) => listCommodities(db, commodityListRequest.parse(toCamelCase(body))));

endpoints.push(
  {
    name: '商品列表 commodity/list（关键词+分类, 第 1 页）',
    kind: 'list',
    path: '/admin/commodity/list',
    prepare: commodityListFixture,
    body: (f) => ({ page: 1, page_size: 20, keyword: '毛巾', category_id: f.categoryId }),
    floor: commodityListFloor,
  },
  {
    name: '商品列表 commodity/list（关键词+分类, 第 200 页）',
    kind: 'list',
    path: '/admin/commodity/list',
    prepare: commodityListFixture,
    body: (f) => ({ page: 200, page_size: 20, keyword: '毛巾', category_id: f.categoryId }),
    floor: commodityListFloor,
  },
  {
    name: '计划详情 planning_task/info（含明细）',
    kind: 'detail',
    path: '/admin/planning_task/info',
    // The plan with the most lines (seed:scale plans carry 10 on average).
    prepare: async (q) => {
      const [row] = await q<{ plan_id: number }>('select plan_id from planning_task_lines group by plan_id order by count(*) desc, plan_id limit 1');
      return { planId: row?.plan_id ?? 1 };
    },
    body: (f) => ({ id: f.planId }),
    floor: replayedFloor((db, body) => getPlan(readContext(db), body.id)),
  },
);

endpoints.push(
  {
    name: '采购任务列表 procurement_task/list（状态筛选）',
    kind: 'list',
    path: '/admin/procurement_task/list',
    body: () => ({ page: 1, page_size: 20, status: 'quoting' }),
    floor: replayedFloor((db, body) => listTasks(db, benchUser, taskListRequest.parse(toCamelCase(body)), new Date())),
  },
  {
    name: '报价比价 procurement_task/compare（20行×8家）',
    kind: 'detail',
    path: '/admin/procurement_task/compare',
    // seed:scale makes task 1 the 20-line × 8-supplier comparison fixture.
    prepare: async (q) => {
      const [row] = await q<{ id: number }>(
        `select t.id from procurement_tasks t
          where (select count(*) from procurement_task_lines l where l.task_id = t.id) = 20
            and (select count(*) from quotations x where x.task_id = t.id) = 8
          order by t.id limit 1`,
      );
      return { taskId: row?.id ?? 1 };
    },
    body: (f) => ({ id: f.taskId }),
    // The floor works the matrix too, as the app does for every compare answer.
    floor: replayedFloor(
      (db, body) => getMaintainView(readContext(db), body.id),
      (view) => compareMaintainView(view),
    ),
  },
);

/**
 * Order to pay (docs/rules/quality-bars.md, "order to pay at scale"): the first page of each list
 * as the page opens it, orders with the status filter a buyer uses most.
 */
endpoints.push(
  {
    name: '采购订单列表 purchase_order/list（部分到货）',
    kind: 'list',
    path: '/admin/purchase_order/list',
    body: () => ({ page: 1, page_size: 20, status: 'partially_received' }),
    floor: replayedFloor((db, body) => listOrders(db, { user: benchUser }, purchaseOrderListRequest.parse(toCamelCase(body)))),
  },
  {
    name: '发货通知列表 shipment/list（第 1 页）',
    kind: 'list',
    path: '/admin/shipment/list',
    body: () => ({ page: 1, page_size: 20 }),
    floor: replayedFloor((db, body) => listShipments(db, { user: benchUser }, shipmentListRequest.parse(toCamelCase(body)))),
  },
  {
    name: '采购退货列表 purchase_return/list',
    kind: 'list',
    path: '/admin/purchase_return/list',
    body: () => ({ page: 1, page_size: 20 }),
    floor: replayedFloor((db, body) => listReturns(db, { user: benchUser }, purchaseReturnListRequest.parse(toCamelCase(body)))),
  },
  {
    name: '对账单列表 supplier_statement/list',
    kind: 'list',
    path: '/admin/supplier_statement/list',
    body: () => ({ page: 1, page_size: 20 }),
    floor: replayedFloor((db, body) => listStatements(db, { user: benchUser }, statementListRequest.parse(toCamelCase(body)))),
  },
);

/**
 * Aggregate queries of the data board, timed at full scale (bar: ≤ 300 ms each): the exact
 * statements the API sends for the last 12 months, and with the first root category of a fresh
 * seed:scale database (id 1) as the filter.
 */
export const aggregates: { name: string; sql: string; params?: unknown[] }[] = boardBenchQueries(
  new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10),
  1,
);
/** Aggregates whose statement is recorded from the API's own function before the run (board `open_payable_fen`). */
export const recordedAggregates: (() => Promise<{ name: string; sql: string; params?: unknown[] }>)[] = [openPayableBenchQuery];

/** Tables whose row counts say at which scale the bench ran, with the full `seed:scale` size. */
export const scaleTables: { table: string; full: number }[] = [
  { table: 'commodities', full: 1_000_000 },
  { table: 'suppliers', full: 2_000 },
  { table: 'planning_tasks', full: 50_000 },
  { table: 'planning_task_lines', full: 500_000 },
  { table: 'procurement_tasks', full: 100_000 },
  { table: 'quotation_lines', full: 2_000_000 },
  { table: 'purchase_orders', full: 100_000 },
  { table: 'purchase_returns', full: 5_000 },
  { table: 'supplier_statements', full: 1_500 },
];

/**
 * The write used by the soak and the crash tests. Until a document-with-lines create exists
 * (procurement), it is a login: one transaction writing the session, the login record, the
 * user's last-login fields and the audit row, so "nothing half-written" is checkable.
 */
export const writeStream: WriteStream = {
  name: '登录（会话 + 登录记录 + 审计，一个事务）',
  async create(api) {
    const answer = await api.call('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    return answer.code === 200 ? `${answer.data.u_id} ${answer.data.token}` : null;
  },
  async check(api, _token, key) {
    const [userId, token] = key.split(' ');
    const answer = await api.call('/admin/back_user/info', { id: Number(userId) }, token);
    return answer.code === 200 ? null : `已应答 200 的登录会话失效: code ${answer.code} ${answer.message}`;
  },
  brokenSql: `
    select 'sessions ' || s || ' / successful logins ' || a || ' / login audits ' || l as problem
      from (select (select count(*) from sessions) s,
                   (select count(*) from login_attempts where success) a,
                   (select count(*) from audit_logs where module = 'auth' and action = 'login') l) t
     where not (s = a and a = l)`,
  countSql: 'select count(*)::int as n from sessions',
};

/** Writes per second during the soak, spread over its write connections (a tenth of the 200). */
export const soakWritesPerSecond = 20;

/**
 * Daily codes from two processes at once. Until a route creates coded documents, the fault
 * test calls lib/records/codes.ts nextCode from two processes; a module that creates coded documents
 * sets `route` so the two server processes create through the API instead.
 */
export const dailyCodes: {
  prefix: string;
  route?: { path: string; body: (i: number) => Body; codeOf: (data: Body) => string };
} = { prefix: 'JH' };

/**
 * What the web timings look for. `list` is a page that shows `rows` rows after an in-app navigation
 * to `path` (which may carry the page size, e.g. '?page_size=50'); a business module points it at
 * its own list once it exists.
 */
export const web = {
  chromium: '/usr/bin/chromium',
  loginPath: '/login',
  workbenchPageKey: 'basic',
  workbenchTabLabel: '工作台',
  workbench: { selector: '.shell-content .page-stack', text: '快捷入口' },
  /** Menu keys of the pages allowed to load ECharts. */
  chartPageKeys: ['dataBoard'],
  list: { path: '/commodityManagement/commodityList?pageSize=50', rowSelector: '.ant-table-tbody tr.ant-table-row', rows: 50 } as null | {
    path: string;
    rowSelector: string;
    rows: number;
  },
};

/** The freight estimate: 100-item cart over 3 templates (bar: ≥ 100,000 estimates/s on one core). */
export const freight: null | { setup: () => () => unknown } = { setup: setupFreightEstimate };
