export type MenuType = 'group' | 'page' | 'action';

/** A menu entry (docs/rules/shell-and-session.md, "Menu tree and permission filter"), as the web app keeps it (element is attached by the web app). */
export interface MenuEntry {
  id: number;
  key: string;
  label: string;
  path: string;
  isMenu: boolean;
  icon?: string | null;
  children?: MenuEntry[];
}

/** A row of the menu table, as the role-info call returns it. */
export interface MenuRecord {
  id: number;
  parentId: number | null;
  key: string;
  label: string;
  path: string;
  type: MenuType;
  icon: string | null;
  sort: number;
  isMenu: boolean;
  status: 'enabled' | 'disabled';
}

interface SeedAction {
  readonly id: number;
  readonly key: string;
  readonly label: string;
}
interface SeedNode {
  readonly id: number;
  readonly key: string;
  readonly label: string;
  readonly path: string;
  readonly icon?: string;
  readonly isMenu: boolean;
  readonly children?: readonly SeedNode[];
  readonly actions?: readonly SeedAction[];
}

const a = <Page extends string, Action extends string>(id: number, page: Page, action: Action, label: string) => ({
  id,
  key: `${page}:${action}` as const,
  label,
});

/**
 * The seeded menu tree: groups and pages with ids 80–102, operationLog 103 and the action
 * entries (docs/rules/codes-and-api.md, "Permission codes") from 104 up. The menu table is seeded from this; afterwards the table
 * decides labels, order and visibility.
 */
// biome-ignore format: a data table, one record per line
export const SEED_MENU = [
  {
    id: 80, key: 'dashboard', label: '首页', path: '/dashboard', icon: 'HomeOutlined', isMenu: true,
    children: [{ id: 81, key: 'basic', label: '工作台', path: '/dashboard/basic', isMenu: true }],
  },
  {
    id: 82, key: 'planningManagement', label: '计划管理', path: '/planningManagement', icon: 'ScheduleOutlined', isMenu: true,
    children: [
      {
        id: 83, key: 'planningTaskList', label: '计划任务列表', path: '/planningManagement/planningTaskList', isMenu: true,
        actions: [
          a(104, 'planningTaskList', 'create', '新建'),
          a(105, 'planningTaskList', 'edit', '编辑'),
          a(106, 'planningTaskList', 'delete', '删除'),
          a(107, 'planningTaskList', 'submit', '提交'),
          a(108, 'planningTaskList', 'approve', '审核'),
          a(109, 'planningTaskList', 'cancel', '作废'),
          a(110, 'planningTaskList', 'generate', '生成采购任务'),
          a(111, 'planningTaskList', 'close', '关闭'),
          a(112, 'planningTaskList', 'export', '导出'),
        ],
      },
      { id: 84, key: 'planningTaskDetail', label: '计划任务详情', path: '/planningManagement/planningTaskDetail', isMenu: false },
    ],
  },
  {
    id: 85, key: 'procurementManagement', label: '采购管理', path: '/procurementManagement', icon: 'ShoppingCartOutlined', isMenu: true,
    children: [
      {
        id: 86, key: 'procurementTaskList', label: '采购任务列表', path: '/procurementManagement/procurementTaskList', isMenu: true,
        actions: [
          a(113, 'procurementTaskList', 'create', '新建'),
          a(114, 'procurementTaskList', 'edit', '编辑'),
          a(115, 'procurementTaskList', 'delete', '删除'),
          a(116, 'procurementTaskList', 'publish', '发布'),
          a(117, 'procurementTaskList', 'closeQuote', '关闭报价'),
          a(118, 'procurementTaskList', 'cancel', '取消'),
          a(119, 'procurementTaskList', 'complete', '完成'),
          a(120, 'procurementTaskList', 'export', '导出'),
          a(171, 'procurementTaskList', 'unseal', '提前开标'),
        ],
      },
      {
        id: 87, key: 'procurementTaskMaintain', label: '报价维护', path: '/procurementManagement/procurementTaskMaintain', isMenu: false,
        actions: [
          a(121, 'procurementTaskMaintain', 'quote', '录入报价'),
          a(122, 'procurementTaskMaintain', 'award', '定标'),
          a(123, 'procurementTaskMaintain', 'export', '导出'),
          a(308, 'procurementTaskMaintain', 'approveAward', '审批定标'),
        ],
      },
      {
        id: 156, key: 'purchaseOrderList', label: '采购订单', path: '/procurementManagement/purchaseOrderList', isMenu: true,
      },
      {
        id: 157, key: 'purchaseOrderDetail', label: '采购订单详情', path: '/procurementManagement/purchaseOrderDetail', isMenu: false,
        actions: [
          a(159, 'purchaseOrder', 'confirm', '确认订单'),
          a(160, 'purchaseOrder', 'receive', '收货'),
          a(161, 'purchaseOrder', 'close', '关闭订单'),
          a(200, 'purchaseOrder', 'reverseReceipt', '冲销收货'),
        ],
      },
      {
        id: 201, key: 'purchaseReturnList', label: '采购退货', path: '/procurementManagement/purchaseReturnList', isMenu: true,
      },
      {
        id: 202, key: 'purchaseReturnDetail', label: '退货单详情', path: '/procurementManagement/purchaseReturnDetail', isMenu: false,
        actions: [
          a(203, 'purchaseReturn', 'create', '新建退货'),
          a(204, 'purchaseReturn', 'confirm', '代供应商确认'),
          a(205, 'purchaseReturn', 'ship', '退货出库'),
          a(206, 'purchaseReturn', 'cancel', '取消退货'),
        ],
      },
      {
        id: 300, key: 'supplierStatementList', label: '供应商对账', path: '/procurementManagement/supplierStatementList', isMenu: true,
      },
      {
        id: 301, key: 'supplierStatementDetail', label: '对账单详情', path: '/procurementManagement/supplierStatementDetail', isMenu: false,
        actions: [
          a(302, 'supplierStatement', 'create', '新建对账单'),
          a(303, 'supplierStatement', 'send', '发送对账单'),
          a(304, 'supplierStatement', 'invoice', '登记发票'),
          a(305, 'supplierStatement', 'approve', '审批对账单'),
          a(306, 'supplierStatement', 'pay', '登记付款'),
          a(307, 'supplierStatement', 'cancel', '取消对账单'),
        ],
      },
      {
        id: 88, key: 'supplierManagement', label: '供应商管理', path: '/procurementManagement/supplierManagement', isMenu: true,
        actions: [
          a(124, 'supplierManagement', 'create', '新建'),
          a(125, 'supplierManagement', 'edit', '编辑'),
          a(126, 'supplierManagement', 'delete', '删除'),
          a(127, 'supplierManagement', 'status', '启用/停用'),
          a(128, 'supplierManagement', 'export', '导出'),
          a(170, 'supplierManagement', 'portal', '门户账号'),
        ],
      },
    ],
  },
  {
    id: 89, key: 'commodityManagement', label: '商品管理', path: '/commodityManagement', icon: 'AppstoreOutlined', isMenu: true,
    children: [
      {
        id: 90, key: 'commodityList', label: '商品列表', path: '/commodityManagement/commodityList', isMenu: true,
        actions: [
          a(129, 'commodityList', 'create', '新建'),
          a(130, 'commodityList', 'edit', '编辑'),
          a(131, 'commodityList', 'delete', '删除'),
          a(132, 'commodityList', 'status', '启用/停用'),
          a(133, 'commodityList', 'import', '导入'),
          a(134, 'commodityList', 'export', '导出'),
        ],
      },
      {
        id: 91, key: 'commodityClassification', label: '商品分类', path: '/commodityManagement/commodityClassification', isMenu: true,
        actions: [
          a(135, 'commodityClassification', 'create', '新建'),
          a(136, 'commodityClassification', 'edit', '编辑'),
          a(137, 'commodityClassification', 'delete', '删除'),
        ],
      },
    ],
  },
  {
    id: 92, key: 'costManagement', label: '成本管理', path: '/costManagement', icon: 'CalculatorOutlined', isMenu: true,
    children: [{ id: 93, key: 'costCalculate', label: '配送费用估算', path: '/costManagement/costCalculate', isMenu: true }],
  },
  { id: 94, key: 'dataBoard', label: '数据看板', path: '/dataBoard', icon: 'BarChartOutlined', isMenu: true },
  {
    id: 95, key: 'basicData', label: '基础数据', path: '/basicData', icon: 'DatabaseOutlined', isMenu: true,
    children: [
      {
        id: 96, key: 'priceModel', label: '配送价格模板', path: '/basicData/priceModel', isMenu: true,
        actions: [
          a(138, 'priceModel', 'create', '新建'),
          a(139, 'priceModel', 'edit', '编辑'),
          a(140, 'priceModel', 'delete', '删除'),
          a(154, 'priceModel', 'export', '导出'),
        ],
      },
      {
        id: 180, key: 'warehouse', label: '收货仓库', path: '/basicData/warehouse', isMenu: true,
        actions: [
          a(182, 'warehouse', 'create', '新建'),
          a(183, 'warehouse', 'edit', '编辑'),
          a(184, 'warehouse', 'status', '启用/停用'),
        ],
      },
      {
        id: 181, key: 'companyInfo', label: '公司信息', path: '/basicData/company', isMenu: true,
        actions: [a(185, 'companyInfo', 'edit', '编辑')],
      },
      {
        id: 97, key: 'dataDictionary', label: '数据字典', path: '/basicData/dataDictionary', isMenu: true,
        actions: [
          a(141, 'dataDictionary', 'create', '新建'),
          a(142, 'dataDictionary', 'edit', '编辑'),
          a(143, 'dataDictionary', 'delete', '删除'),
          a(155, 'dataDictionary', 'export', '导出'),
        ],
      },
      {
        id: 98, key: 'dataDictionaryDetail', label: '数据字典详情', path: '/basicData/dataDictionaryDetail', isMenu: false,
        actions: [a(144, 'dataDictionaryDetail', 'edit', '维护字典项')],
      },
    ],
  },
  {
    id: 99, key: 'permissionManagement', label: '权限管理', path: '/permissionManagement', icon: 'SafetyOutlined', isMenu: true,
    children: [
      {
        id: 100, key: 'roleManagement', label: '角色管理', path: '/permissionManagement/roleManagement', isMenu: true,
        actions: [
          a(145, 'roleManagement', 'create', '新建'),
          a(146, 'roleManagement', 'edit', '编辑'),
          a(147, 'roleManagement', 'delete', '删除'),
        ],
      },
      {
        id: 101, key: 'menuManagement', label: '菜单管理', path: '/permissionManagement/menuManagement', isMenu: true,
        actions: [a(148, 'menuManagement', 'edit', '编辑')],
      },
      {
        id: 102, key: 'userManagement', label: '用户管理', path: '/permissionManagement/userManagement', isMenu: true,
        actions: [
          a(149, 'userManagement', 'create', '新建'),
          a(150, 'userManagement', 'edit', '编辑'),
          a(151, 'userManagement', 'delete', '删除'),
          a(152, 'userManagement', 'status', '启用/停用'),
          a(153, 'userManagement', 'resetPassword', '重置密码'),
        ],
      },
      { id: 103, key: 'operationLog', label: '操作日志', path: '/permissionManagement/operationLog', isMenu: true },
    ],
  },
] as const satisfies readonly SeedNode[];

/** Flattens the seed tree into menu-table rows (sort follows the seed order within a parent). */
export function seedMenuRecords(): MenuRecord[] {
  const rows: MenuRecord[] = [];
  const visit = (nodes: readonly SeedNode[], parentId: number | null) => {
    nodes.forEach((node, index) => {
      const type: MenuType = node.children ? 'group' : 'page';
      rows.push({
        id: node.id,
        parentId,
        key: node.key,
        label: node.label,
        path: node.path,
        type,
        icon: node.icon ?? null,
        sort: (index + 1) * 10,
        isMenu: node.isMenu,
        status: 'enabled',
      });
      node.actions?.forEach((action, actionIndex) => {
        rows.push({
          id: action.id,
          parentId: node.id,
          key: action.key,
          label: action.label,
          path: '',
          type: 'action',
          icon: null,
          sort: (actionIndex + 1) * 10,
          isMenu: false,
          status: 'enabled',
        });
      });
      if (node.children) visit(node.children, node.id);
    });
  };
  visit(SEED_MENU, null);
  return rows;
}

type KeysOf<Node> = Node extends { readonly key: infer Key extends string }
  ? Key | (Node extends { readonly children: readonly (infer Child)[] } ? KeysOf<Child> : never)
  : never;
/** A group or page key of the seeded tree (no action codes): what a page path is looked up by. */
export type MenuKey = KeysOf<(typeof SEED_MENU)[number]>;

type ActionCodesOf<Node> = Node extends { readonly actions: readonly { readonly key: infer Code extends string }[] } ? Code : never;
type CodesOf<Node> = Node extends { readonly key: infer Key extends string }
  ? Key | ActionCodesOf<Node> | (Node extends { readonly children: readonly (infer Child)[] } ? CodesOf<Child> : never)
  : never;

/**
 * A permission code of the seeded tree, as a type: a misspelt code on a route, `<Can>` or
 * `usePermission` fails the typecheck. Codes created at run time in 菜单管理 are plain strings in
 * the role's list; no route or button names them.
 */
export type PermissionCode = CodesOf<(typeof SEED_MENU)[number]>;
/**
 * Each permission code as a person reads it: a page or group by its label, an action as
 * 「页面·操作」 (`supplierManagement:export` → 供应商管理·导出). The operation log shows role changes so.
 */
export const PERMISSION_CODE_LABELS: Record<string, string> = (() => {
  const records = seedMenuRecords();
  const byId = new Map(records.map((r) => [r.id, r]));
  return Object.fromEntries(
    records.map((r) => [r.key, r.type === 'action' && r.parentId != null ? `${byId.get(r.parentId)?.label}·${r.label}` : r.label]),
  );
})();

/** Every permission code: page keys (including groups) and action keys. */
export const ALL_PERMISSION_CODES = seedMenuRecords().map((row) => row.key as PermissionCode);

/** Builds the navigable tree (groups and pages, enabled only) from menu-table rows, ordered by sort. */
export function buildMenuTree(records: MenuRecord[]): MenuEntry[] {
  const visible = records.filter((r) => r.type !== 'action' && r.status === 'enabled');
  const byParent = new Map<number | null, MenuRecord[]>();
  for (const r of visible) {
    const siblings = byParent.get(r.parentId) ?? [];
    siblings.push(r);
    byParent.set(r.parentId, siblings);
  }
  const build = (parentId: number | null): MenuEntry[] =>
    (byParent.get(parentId) ?? [])
      .sort((x, y) => x.sort - y.sort || x.id - y.id)
      .map((r) => {
        const entry: MenuEntry = { id: r.id, key: r.key, label: r.label, path: r.path, isMenu: r.isMenu, icon: r.icon };
        if (r.type === 'group') entry.children = build(r.id);
        return entry;
      });
  return build(null);
}

/** The permission filter (docs/rules/shell-and-session.md): an entry is kept if its key is in the list, or if any of its children is kept. */
export function filterMenuByPermission<T extends { key: string; children?: T[] }>(entries: T[], permissionCodes: readonly string[]): T[] {
  const codes = new Set(permissionCodes);
  const result: T[] = [];
  for (const entry of entries) {
    const children = entry.children ? filterMenuByPermission(entry.children, permissionCodes) : undefined;
    if (codes.has(entry.key) || (children && children.length > 0)) {
      result.push(children ? { ...entry, children } : { ...entry });
    }
  }
  return result;
}

/** Depth-first list of every entry of a tree. */
export function flattenMenu<T extends { children?: T[] }>(entries: T[]): T[] {
  return entries.flatMap((entry) => [entry, ...(entry.children ? flattenMenu(entry.children) : [])]);
}

/** The entry whose path matches a location path (the query string is ignored). */
export function findMenuByPath<T extends { path: string; children?: T[] }>(entries: T[], pathname: string): T | undefined {
  const path = pathname.split('?')[0].replace(/\/+$/, '') || '/';
  return flattenMenu(entries).find((entry) => !entry.children && entry.path === path);
}

/** The group containing a key, for the breadcrumb and the open sidebar group. */
export function findParentOf<T extends { key: string; children?: T[] }>(entries: T[], key: string): T | undefined {
  for (const entry of entries) {
    if (entry.children?.some((child) => child.key === key)) return entry;
    const inner = entry.children ? findParentOf(entry.children, key) : undefined;
    if (inner) return inner;
  }
  return undefined;
}
