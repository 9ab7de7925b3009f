import { hashPassword } from '../../lib/access/passwords';
import type { Db } from '../client';
import { backUsers, rolePermissions, roles } from '../schema';

const demoRoles = [
  {
    name: '采购专员',
    code: 'buyer',
    description: '负责采购任务、供应商与报价',
    codes: [
      'dashboard',
      'basic',
      'procurementManagement',
      'procurementTaskList',
      'procurementTaskMaintain',
      'supplierManagement',
      'procurementTaskList:create',
      'procurementTaskList:edit',
      'procurementTaskList:publish',
      'procurementTaskList:closeQuote',
      'procurementTaskList:cancel',
      'procurementTaskList:complete',
      'procurementTaskList:export',
      'procurementTaskMaintain:quote',
      'procurementTaskMaintain:award',
      'procurementTaskMaintain:export',
      'supplierManagement:create',
      'supplierManagement:edit',
      'supplierManagement:status',
      'supplierManagement:export',
      'purchaseOrderList',
      'purchaseOrderDetail',
      'purchaseOrder:confirm',
      'purchaseOrder:receive',
      'purchaseOrder:close',
      'supplierStatementList',
      'supplierStatementDetail',
      'supplierStatement:create',
      'supplierStatement:send',
      'supplierStatement:cancel',
      'purchaseOrder:reverseReceipt',
      'purchaseReturnList',
      'purchaseReturnDetail',
      'purchaseReturn:create',
      'purchaseReturn:confirm',
      'purchaseReturn:ship',
      'purchaseReturn:cancel',
      'commodityManagement',
      'commodityList',
      'costManagement',
      'costCalculate',
      'dataBoard',
    ],
    users: [{ email: 'buyer@jiaju.com', username: '李采购', phone: '13900000001' }],
  },
  {
    name: '计划专员',
    code: 'planner',
    description: '负责编制计划任务',
    codes: [
      'dashboard',
      'basic',
      'planningManagement',
      'planningTaskList',
      'planningTaskDetail',
      'planningTaskList:create',
      'planningTaskList:edit',
      'planningTaskList:delete',
      'planningTaskList:submit',
      'planningTaskList:cancel',
      'planningTaskList:export',
      'commodityManagement',
      'commodityList',
    ],
    users: [{ email: 'planner@jiaju.com', username: '王计划', phone: '13900000002' }],
  },
  {
    name: '计划主管',
    code: 'plan_manager',
    description: '审核计划并生成采购任务',
    codes: [
      'dashboard',
      'basic',
      'planningManagement',
      'planningTaskList',
      'planningTaskDetail',
      'planningTaskList:approve',
      'planningTaskList:generate',
      'planningTaskList:close',
      'planningTaskList:export',
      'dataBoard',
    ],
    users: [{ email: 'manager@jiaju.com', username: '张主管', phone: '13900000003' }],
  },
  {
    name: '财务',
    code: 'finance',
    description: '对账、发票审核与付款',
    codes: [
      'dashboard',
      'basic',
      'procurementManagement',
      'purchaseOrderList',
      'purchaseOrderDetail',
      'supplierStatementList',
      'supplierStatementDetail',
      'supplierStatement:invoice',
      'supplierStatement:approve',
      'supplierStatement:pay',
      'dataBoard',
    ],
    users: [{ email: 'finance@jiaju.com', username: '赵财务', phone: '13900000004' }],
  },
  {
    name: '采购经理',
    code: 'purchase_manager',
    description: '审定采购：提前开标、定标与采购订单',
    codes: [
      'dashboard',
      'basic',
      'procurementManagement',
      'procurementTaskList',
      'procurementTaskMaintain',
      'supplierManagement',
      'procurementTaskList:closeQuote',
      'procurementTaskList:unseal',
      'procurementTaskList:cancel',
      'procurementTaskList:complete',
      'procurementTaskList:export',
      'procurementTaskMaintain:award',
      'procurementTaskMaintain:export',
      'procurementTaskMaintain:approveAward',
      'purchaseOrderList',
      'purchaseOrderDetail',
      'purchaseOrder:confirm',
      'purchaseOrder:receive',
      'purchaseOrder:close',
      'purchaseOrder:reverseReceipt',
      'dataBoard',
    ],
    users: [{ email: 'purchasing@jiaju.com', username: '陈经理', phone: '13900000005' }],
  },
];

/** The demo users' sign-in addresses, as the start banner names them. */
export const DEMO_USER_EMAILS = demoRoles.flatMap((role) => role.users.map((user) => user.email));

/** Demo roles and one user each; they share the administrator's password (none is built in). */
export async function seedDemoAccess(tx: Db, password: string) {
  const passwordHash = await hashPassword(password);
  for (const [index, role] of demoRoles.entries()) {
    const [{ id }] = await tx
      .insert(roles)
      .values({ name: role.name, code: role.code, description: role.description, sort: (index + 1) * 10 })
      .returning({ id: roles.id });
    await tx.insert(rolePermissions).values(role.codes.map((code) => ({ roleId: id, code })));
    await tx.insert(backUsers).values(role.users.map((u) => ({ ...u, passwordHash, roleId: id })));
  }
}
