import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierBody } from './procurement-fixtures';
import { type ApiAnswer, createTestApp, type TestApp, unique } from './helpers';

/*
 * Names users see side by side (docs/rules/codes-and-api.md, "Text fields" and "Unique names"):
 * a name that only looks like another clashes with it, a name of invisible characters is refused,
 * and one-line fields hold no line breaks, tabs, separators or directional marks.
 */

let t: TestApp;
let admin: string;
let leafCategoryId: number;
let roleId: number;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
  const commodity = (await t.call('/admin/commodity/list', { page_size: 1 }, admin)).data.list[0];
  leafCategoryId = commodity.category_id;
  roleId = (await t.call('/admin/role/create', { name: '文本测试角色', code: 'text_probe', permission_codes: ['basic'] }, admin)).data.id;
});
afterAll(() => t.close());

const codePoints = function* () {
  for (let cp = 0; cp <= 0x10ffff; cp += 1) if (cp < 0xd800 || cp > 0xdfff) yield cp;
};
const IGNORABLE = [...codePoints()].filter((cp) => /\p{Default_Ignorable_Code_Point}/u.test(String.fromCodePoint(cp)));

/** One create per kind of named record, with the name (and remark, where there is one) given. */
const creates: Record<string, (name: string, remark?: string) => Promise<ApiAnswer>> = {
  role: (name, remark) => t.call('/admin/role/create', { name, code: unique('r').toLowerCase(), description: remark }, admin),
  supplier: (name, remark) => t.call('/admin/supplier/create', supplierBody(name, { remark }), admin),
  category: (name) => t.call('/admin/category/create', { name, code: unique('C'), parent_id: null }, admin),
  price_template: (name, remark) =>
    t.call(
      '/admin/price_template/create',
      {
        name,
        charge_mode: 'piece',
        status: 'enabled',
        remark,
        charge_rows: [{ region_codes: [], is_default: true, first_qty: 1, first_fee_fen: 500, additional_qty: 1, additional_fee_fen: 100 }],
        free_rows: [],
        no_delivery_codes: [],
      },
      admin,
    ),
  commodity: (name, remark) =>
    t.call(
      '/admin/commodity/create',
      { sku_code: unique('SKU'), name, category_id: leafCategoryId, unit: 'piece', reference_price_fen: 100, remark },
      admin,
    ),
  planning_task: (name, remark) =>
    t.call('/admin/planning_task/create', { name, plan_type: 'regular', warehouse: 'sh_jiading', remark, lines: [] }, admin),
  back_user: (name) => t.call('/admin/back_user/create', { email: `${unique('u').toLowerCase()}@test.com`, username: name, role_id: roleId }, admin),
};
const nameField = (kind: string) => (kind === 'back_user' ? 'username' : 'name');
const remarkField = (kind: string) => (kind === 'role' ? 'description' : 'remark');

describe('unique names compare on the canonical key', () => {
  it('a role name differing from 超级管理员 only by any default-ignorable code point clashes (the whole set)', async () => {
    // The tag block (U+E0000–U+E0FFF) is sampled; the contract's own test walks every one of them.
    const sample = IGNORABLE.filter((cp) => cp < 0xe0000 || cp % 97 === 0);
    const wrong: string[] = [];
    for (const cp of sample) {
      const c = String.fromCodePoint(cp);
      const answer = await creates.role(`超级${c}管理员${c}`);
      // Directional marks and bidi controls are refused before any comparison (400); all others clash.
      const refusedOutright = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(c);
      if (answer.code !== (refusedOutright ? 400 : 409)) wrong.push(`U+${cp.toString(16)} → ${answer.code} ${answer.message}`);
    }
    expect(wrong).toEqual([]);
    expect(await t.call('/admin/role/list', { page_size: 200 }, admin).then((a) => a.data.total)).toBeLessThan(10);
  });

  it('supplier, category and template names differing by spaces or compatibility forms clash', async () => {
    for (const kind of ['supplier', 'category', 'price_template']) {
      const base = `义乌 优品${kind}`;
      expect((await creates[kind](base)).code, kind).toBe(200);
      for (const lookalike of [`义乌\u00a0优品${kind}`, `义乌\u3000\u3000优品${kind}`, `义乌\u00ad 优品${kind}\ufe0f`]) {
        expect((await creates[kind](lookalike)).code, `${kind}: ${JSON.stringify(lookalike)}`).toBe(409);
      }
    }
    expect((await creates.role('ＡＢＣ主管')).code).toBe(200);
    expect((await creates.role('ABC主管')).code).toBe(409);
  });

  it('stores the name as typed (NFC), and refuses a name of invisible characters only', async () => {
    const typed = await creates.supplier('优品\u00ad家居');
    expect(typed.code, typed.message).toBe(200);
    expect((await t.call('/admin/supplier/info', { id: typed.data.id }, admin)).data.name).toBe('优品\u00ad家居');
    for (const kind of Object.keys(creates)) {
      const answer = await creates[kind]('\u00ad\u3164\u115f\ufe0f');
      expect(answer.code, kind).toBe(400);
      expect(answer.data.field_errors[0].field).toBe(nameField(kind));
    }
  });
});

describe('a name needs at least one visible character', () => {
  const blanks: [string, string][] = [
    ['U+2800', '\u2800'],
    ['U+2800 between spaces', ' \u2800 \u2800 '],
    ['U+115F', '\u115f'],
    ['U+1160', '\u1160'],
    ['U+3164', '\u3164'],
    ['U+FFA0', '\uffa0'],
    ['fillers and an ideographic space', '\u115f\u3000\uffa0'],
  ];
  it.each(Object.keys(creates))('%s', async (kind) => {
    for (const [label, blank] of blanks) {
      const answer = await creates[kind](blank);
      expect(answer.code, `${kind} ${label}`).toBe(400);
      expect(answer.data.field_errors[0], `${kind} ${label}`).toEqual({ field: nameField(kind), message: '不能只包含不可见或空白字符' });
    }
    // One visible character beside them is a name.
    expect((await creates[kind](`\u2800悦${kind}\u3164`)).code, kind).toBe(200);
  });
});

describe('one-line fields refuse line breaks and marks; remarks keep line feeds only', () => {
  const separators: [string, string][] = [
    ['LF', '\n'],
    ['CR', '\r'],
    ['TAB', '\t'],
    ['U+2028', '\u2028'],
    ['U+2029', '\u2029'],
    ['LRM', '\u200e'],
    ['RLM', '\u200f'],
    ['ALM', '\u061c'],
  ];
  it.each(Object.keys(creates))('%s', async (kind) => {
    for (const [label, c] of separators) {
      const answer = await creates[kind](`名称${c}${label}`);
      expect(answer.code, `${kind} ${label}`).toBe(400);
      expect(answer.data.field_errors.map((e: { field: string }) => e.field)).toContain(nameField(kind));
    }
    if (['category', 'back_user'].includes(kind)) return;
    const multi = await creates[kind](`多行备注${kind}`, '第一行\n第二行');
    expect(multi.code, multi.message).toBe(200);
    for (const [label, c] of separators.filter(([l]) => l !== 'LF')) {
      const answer = await creates[kind](`备注${label}${kind}`, `第一行${c}第二行`);
      expect(answer.code, `${kind} remark ${label}`).toBe(400);
      expect(answer.data.field_errors.map((e: { field: string }) => e.field)).toContain(remarkField(kind));
    }
  });
});
