import { creditCodeWithCheck, priceTemplateApi } from '@scm/contract';
import { categories, commodities } from '../src/db/schema';
import { backUsers, rolePermissions, roles } from '../src/db/schema';
import { seedBuiltInDictionaries } from '../src/db/seed/dictionary';
import { hashPassword } from '../src/lib/access/passwords';
import { withGrams } from '../src/modules/commodity/service';
import { apiOk, type TestApp } from './helpers';

/** A valid unified social credit code from a 17-character body (the check character computed). */
export const creditCode = creditCodeWithCheck;

let serial = 0;
export function supplierBody(name: string, extra: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name,
    contact_person: '王经理',
    phone: '13800138000',
    email: 'sales@example.com',
    region_code: '330100',
    credit_code: creditCode(`91330100MA2${String(100000 + serial).slice(-6)}`),
    settlement_type: 'monthly',
    grade: 'A',
    status: 'enabled',
    ...extra,
  };
}

/** A leaf category with commodities (weights in grams), inserted directly: this module only reads them. */
export async function seedCommodities(t: TestApp, items: { sku: string; name: string; weightG: number | null; priceFen: number }[]) {
  const db = t.database.db;
  const [category] = await db
    .insert(categories)
    .values({ name: `测试分类${items[0].sku}`, code: `T${items[0].sku}`, level: 1 })
    .returning({ id: categories.id });
  const rows = await db
    .insert(commodities)
    .values(
      items.map((i) =>
        withGrams({ skuCode: i.sku, name: i.name, categoryId: category.id, unit: 'piece', weightG: i.weightG, referencePriceFen: i.priceFen }),
      ),
    )
    .returning({ id: commodities.id });
  return { categoryId: category.id, ids: rows.map((r) => r.id) };
}

/** Weight template: first 1000 g ¥8.00, each further 500 g ¥3.00, everywhere. */
export async function createWeightTemplate(t: TestApp, token: string, name = '华东快运按重') {
  const template = await apiOk(
    t,
    priceTemplateApi.create,
    {
      name,
      chargeMode: 'weight',
      status: 'enabled',
      chargeRows: [{ regionCodes: [], isDefault: true, firstQty: 1000, firstFeeFen: 800, additionalQty: 500, additionalFeeFen: 300 }],
      freeRows: [],
      noDeliveryCodes: [],
    },
    token,
  );
  return template.id;
}

/** A user whose role holds only `codes`, for permission checks. */
export async function loginWithCodes(t: TestApp, codes: string[], email: string) {
  const db = t.database.db;
  const [role] = await db
    .insert(roles)
    .values({ name: `角色${email}`, code: `r_${email.replace(/\W/g, '_')}` })
    .returning({ id: roles.id });
  if (codes.length) await db.insert(rolePermissions).values(codes.map((code) => ({ roleId: role.id, code })));
  await db.insert(backUsers).values({ email, username: '受限用户', passwordHash: await hashPassword('Limited123'), roleId: role.id });
  return t.login(email, 'Limited123');
}

/** The built-in dictionaries (settlement type, grade, …) that supplier validation reads; demo data stays off. */
export async function seedDictionaries(t: TestApp) {
  await t.database.db.transaction((tx) => seedBuiltInDictionaries(tx));
}
