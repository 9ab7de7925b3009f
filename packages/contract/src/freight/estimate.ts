import { REGION_CODE_PATTERN, type RegionLevel, regionChain } from '../region';
import { type ChargeMode, formatMeasure } from './units';

export type MatchedBy = RegionLevel | 'default';
export type FreeOperator = 'and' | 'or';

/** Quantities are pieces, grams or cm³ by charge mode; fees are fen. */
export interface FreightChargeRow {
  regionCodes: readonly string[];
  isDefault: boolean;
  firstQty: number;
  firstFeeFen: number;
  additionalQty: number;
  additionalFeeFen: number;
}

export interface FreightFreeRow {
  regionCodes: readonly string[];
  qtyLimit?: number | null;
  minAmountFen?: number | null;
  operator: FreeOperator;
}

export interface FreightTemplate {
  id: number;
  name: string;
  chargeMode: ChargeMode;
  status: 'enabled' | 'disabled';
  chargeRows: readonly FreightChargeRow[];
  freeRows: readonly FreightFreeRow[];
  noDeliveryCodes: readonly string[];
}

/** One cart line, already resolved to its template (a commodity's template, weight and price filled in). */
export interface FreightItem {
  templateId: number;
  quantity: number;
  weightG?: number | null;
  volumeCm3?: number | null;
  /** The line's goods amount (quantity × unit price), for the free-shipping amount condition. */
  amountFen?: number | null;
}

export interface FreightItemFee {
  index: number;
  feeFen: number;
}

export interface FreightGroup {
  templateId: number;
  templateName: string;
  chargeMode: ChargeMode;
  /** Level of the charge row that matched; null when the template is disabled or does not deliver there. */
  matchedBy: MatchedBy | null;
  /** Position of the matched row in the template's charge rows. */
  matchedRow: number | null;
  /** The region code of the matched row that covers the destination (null for the default row). */
  matchedCode: string | null;
  q: number;
  amountFen: number;
  free: boolean;
  /** Position of the free-shipping row that was checked, if one covers the destination. */
  freeRow: number | null;
  /** How the free-shipping check came out, in words with its numbers. */
  freeNote: string | null;
  feeFen: number;
  formula: string;
  items: FreightItemFee[];
  error?: string;
}

export interface FreightEstimate {
  totalFen: number;
  groups: FreightGroup[];
}

/** Input the estimate cannot price at all (the endpoint answers 400 or 404 for it). */
export class FreightInputError extends Error {
  constructor(
    readonly kind: 'invalid' | 'template_not_found',
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export const FREIGHT_ERRORS = {
  noDelivery: '该地区不配送',
  templateDisabled: '模板已停用',
  missingWeight: (line: number) => `第${line}项缺少重量，无法按重量计费`,
  missingVolume: (line: number) => `第${line}项缺少体积，无法按体积计费`,
  noChargeRow: '模板没有匹配的计费规则',
  tooLarge: '运费超出可计算范围',
} as const;

export const MATCHED_BY_LABELS: Record<MatchedBy, string> = { district: '区县', city: '城市', province: '省份', default: '全国默认' };

/** A template turned into lookups once; cached per template object, so repeated estimates stay cheap. */
interface CompiledTemplate {
  chargeByCode: Map<string, number>;
  defaultRow: number;
  freeByCode: Map<string, number>;
  freeEverywhere: number;
  noDelivery: Set<string>;
}

const compiled = new WeakMap<FreightTemplate, CompiledTemplate>();

function compile(template: FreightTemplate): CompiledTemplate {
  let result = compiled.get(template);
  if (result) return result;
  const chargeByCode = new Map<string, number>();
  let defaultRow = -1;
  template.chargeRows.forEach((row, i) => {
    if (row.isDefault) {
      if (defaultRow < 0) defaultRow = i;
      return;
    }
    for (const code of row.regionCodes) if (!chargeByCode.has(code)) chargeByCode.set(code, i);
  });
  const freeByCode = new Map<string, number>();
  let freeEverywhere = -1;
  template.freeRows.forEach((row, i) => {
    if (row.regionCodes.length === 0) {
      if (freeEverywhere < 0) freeEverywhere = i;
      return;
    }
    for (const code of row.regionCodes) if (!freeByCode.has(code)) freeByCode.set(code, i);
  });
  result = { chargeByCode, defaultRow, freeByCode, freeEverywhere, noDelivery: new Set(template.noDeliveryCodes) };
  compiled.set(template, result);
  return result;
}

const yuan = (fen: number) => {
  const whole = Math.floor(fen / 100);
  const cents = fen - whole * 100;
  return `¥${whole}.${cents < 10 ? '0' : ''}${cents}`;
};

/** ⌊a / b⌋ for non-negative safe integers, exact (the float quotient is corrected by its remainder). */
function divFloor(a: number, b: number): number {
  let q = Math.floor(a / b);
  while (q * b > a) q--;
  while ((q + 1) * b <= a) q++;
  return q;
}

const MAX = Number.MAX_SAFE_INTEGER;

function feeFor(row: FreightChargeRow, q: number): { feeFen: number; formula: string } | null {
  if (q <= row.firstQty) return { feeFen: row.firstFeeFen, formula: '' };
  const excess = q - row.firstQty;
  const whole = divFloor(excess, row.additionalQty);
  const steps = whole * row.additionalQty === excess ? whole : whole + 1;
  const big = BigInt(row.firstFeeFen) + BigInt(steps) * BigInt(row.additionalFeeFen);
  if (big > BigInt(MAX)) return null;
  return { feeFen: Number(big), formula: String(steps) };
}

/**
 * Splits `fee` over the parts in proportion to `weights` by largest remainder, so the parts add up
 * exactly; ties go to the earlier part.
 */
export function splitByLargestRemainder(fee: number, weights: readonly number[]): number[] {
  const n = weights.length;
  const parts = new Array<number>(n);
  if (n === 0) return parts;
  let total = 0;
  for (const w of weights) total += w;
  if (fee === 0 || total === 0) {
    parts.fill(0);
    if (total === 0 && fee > 0) parts[0] = fee;
    return parts;
  }
  let given = 0;
  if (total <= MAX && fee <= Math.floor(MAX / total)) {
    const remainders = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const product = fee * weights[i];
      const part = divFloor(product, total);
      parts[i] = part;
      remainders[i] = product - part * total;
      given += part;
    }
    distributeLeftExact(parts, remainders, fee - given);
    return parts;
  }
  const bigFee = BigInt(fee);
  const bigTotal = BigInt(total);
  const remainders = new Array<bigint>(n);
  for (let i = 0; i < n; i++) {
    const product = bigFee * BigInt(weights[i]);
    const part = product / bigTotal;
    parts[i] = Number(part);
    remainders[i] = product - part * bigTotal;
    given += parts[i];
  }
  distributeLeft(parts, remainders, fee - given);
  return parts;
}

/**
 * The same for safe-integer remainders without a comparator sort: the `left`-th largest remainder is
 * the threshold; everything above it gets one fen, then equal ones in item order.
 */
function distributeLeftExact(parts: number[], remainders: Float64Array, left: number) {
  if (left <= 0) return;
  const threshold = kthLargest(remainders.slice(), left);
  for (let i = 0; i < parts.length; i++) {
    if (remainders[i] > threshold) {
      parts[i]++;
      left--;
    }
  }
  for (let i = 0; i < parts.length && left > 0; i++) {
    if (remainders[i] === threshold) {
      parts[i]++;
      left--;
    }
  }
}

/** The k-th largest value (1-based) by quickselect; reorders `values`. */
function kthLargest(values: Float64Array, k: number): number {
  const target = values.length - k;
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const swap = values[i];
        values[i] = values[j];
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return values[target];
}

/** Gives the `left` leftover fen one each to the largest remainders; ties go to the earlier part. */
function distributeLeft<R extends number | bigint>(parts: number[], remainders: R[], left: number) {
  if (left <= 0) return;
  const order = new Array<number>(parts.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => (remainders[a] === remainders[b] ? a - b : remainders[a] > remainders[b] ? -1 : 1));
  for (let k = 0; k < left; k++) parts[order[k]]++;
}

function checkFree(template: FreightTemplate, row: FreightFreeRow, q: number, amountFen: number): { free: boolean; note: string } {
  const parts: { ok: boolean; text: string }[] = [];
  if (row.qtyLimit != null) {
    const ok = template.chargeMode === 'piece' ? q >= row.qtyLimit : q <= row.qtyLimit;
    const text =
      template.chargeMode === 'piece'
        ? `满${row.qtyLimit}件（共${q}件）`
        : `${formatMeasure(template.chargeMode, row.qtyLimit)}以内（共${formatMeasure(template.chargeMode, q)}）`;
    parts.push({ ok, text });
  }
  if (row.minAmountFen != null) {
    parts.push({ ok: amountFen >= row.minAmountFen, text: `满${yuan(row.minAmountFen)}（货值${yuan(amountFen)}）` });
  }
  const free = parts.length > 0 && (row.operator === 'and' || parts.length === 1 ? parts.every((p) => p.ok) : parts.some((p) => p.ok));
  const joined = parts.map((p) => `${p.text}${p.ok ? '✓' : '✗'}`).join(row.operator === 'and' ? ' 且 ' : ' 或 ');
  return { free, note: `${free ? '满足' : '不满足'}包邮条件：${joined}` };
}

function failed(group: FreightGroup, error: string): FreightGroup {
  group.error = error;
  group.feeFen = 0;
  group.free = false;
  group.formula = '';
  for (const item of group.items) item.feeFen = 0;
  return group;
}

function priceGroup(
  template: FreightTemplate,
  chain: readonly { code: string; level: RegionLevel }[],
  items: readonly FreightItem[],
  indexes: number[],
): FreightGroup {
  const mode = template.chargeMode;
  const group: FreightGroup = {
    templateId: template.id,
    templateName: template.name,
    chargeMode: mode,
    matchedBy: null,
    matchedRow: null,
    matchedCode: null,
    q: 0,
    amountFen: 0,
    free: false,
    freeRow: null,
    freeNote: null,
    feeFen: 0,
    formula: '',
    items: indexes.map((index) => ({ index, feeFen: 0 })),
  };

  // Step 3 (computed first so a failed group still shows its quantity): Q and the goods amount.
  const weights = new Array<number>(indexes.length);
  let missing: string | null = null;
  for (let k = 0; k < indexes.length; k++) {
    const item = items[indexes[k]];
    let measure = 1;
    if (mode === 'weight') measure = item.weightG ?? 0;
    else if (mode === 'volume') measure = item.volumeCm3 ?? 0;
    if (measure <= 0 && missing === null) {
      missing = mode === 'weight' ? FREIGHT_ERRORS.missingWeight(indexes[k] + 1) : FREIGHT_ERRORS.missingVolume(indexes[k] + 1);
    }
    weights[k] = item.quantity * measure;
    group.q += weights[k];
    group.amountFen += item.amountFen ?? 0;
  }

  if (template.status !== 'enabled') return failed(group, FREIGHT_ERRORS.templateDisabled);

  // Step 2: no-delivery wins over every row; otherwise the most specific charge row, else the default.
  const lookups = compile(template);
  for (const link of chain) if (lookups.noDelivery.has(link.code)) return failed(group, FREIGHT_ERRORS.noDelivery);
  for (const link of chain) {
    const row = lookups.chargeByCode.get(link.code);
    if (row !== undefined) {
      group.matchedBy = link.level;
      group.matchedRow = row;
      group.matchedCode = link.code;
      break;
    }
  }
  if (group.matchedRow === null) {
    if (lookups.defaultRow < 0) return failed(group, FREIGHT_ERRORS.noChargeRow);
    group.matchedBy = 'default';
    group.matchedRow = lookups.defaultRow;
  }
  if (missing) return failed(group, missing);
  if (!Number.isSafeInteger(group.q)) return failed(group, FREIGHT_ERRORS.tooLarge);
  const row = template.chargeRows[group.matchedRow];

  // Step 4: only the most specific covering free row is checked.
  let freeRow = -1;
  for (const link of chain) {
    const found = lookups.freeByCode.get(link.code);
    if (found !== undefined) {
      freeRow = found;
      break;
    }
  }
  if (freeRow < 0) freeRow = lookups.freeEverywhere;
  if (freeRow >= 0) {
    const check = checkFree(template, template.freeRows[freeRow], group.q, group.amountFen);
    group.freeRow = freeRow;
    group.freeNote = check.note;
    if (check.free) {
      group.free = true;
      group.formula = `${check.note}，运费 ${yuan(0)}`;
      return group;
    }
  }

  // Step 5: first fee, plus whole additional steps rounded up.
  const fee = feeFor(row, group.q);
  if (!fee) return failed(group, FREIGHT_ERRORS.tooLarge);
  group.feeFen = fee.feeFen;
  // The working in the units a person reads (kg, m³), not the stored grams and cm³.
  const q = formatMeasure(mode, group.q);
  const first = formatMeasure(mode, row.firstQty);
  if (fee.formula === '') {
    group.formula = `${q} ≤ 首${first}：运费 = 首费 ${yuan(row.firstFeeFen)}`;
  } else {
    const steps = fee.formula;
    group.formula =
      `${yuan(row.firstFeeFen)} + ⌈(${q} − ${first}) ÷ ${formatMeasure(mode, row.additionalQty)}⌉ × ${yuan(row.additionalFeeFen)}` +
      ` = ${yuan(row.firstFeeFen)} + ${steps} × ${yuan(row.additionalFeeFen)} = ${yuan(fee.feeFen)}`;
  }

  // Step 6: the fee over the items by their share of Q.
  const parts = splitByLargestRemainder(fee.feeFen, weights);
  for (let k = 0; k < parts.length; k++) group.items[k].feeFen = parts[k];
  return group;
}

/**
 * The freight estimate of docs/rules/freight.md: items grouped by template (in order of first appearance),
 * each group priced for the destination, the fee split over its items, and the total of the groups
 * that did not fail. Integer arithmetic throughout; BigInt where a product could pass 2^53.
 */
export function estimateFreight(
  destination: string,
  items: readonly FreightItem[],
  templates: ReadonlyMap<number, FreightTemplate>,
): FreightEstimate {
  if (!REGION_CODE_PATTERN.test(destination)) {
    throw new FreightInputError('invalid', 'destination', '请输入6位行政区划代码');
  }
  const order: number[] = [];
  const byTemplate = new Map<number, number[]>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new FreightInputError('invalid', `items.${i}.quantity`, '数量必须是正整数');
    }
    const { weightG, volumeCm3 } = item;
    if (weightG != null && (!Number.isSafeInteger(weightG) || weightG < 1)) {
      throw new FreightInputError('invalid', `items.${i}.weight_g`, '数值必须是正整数');
    }
    if (volumeCm3 != null && (!Number.isSafeInteger(volumeCm3) || volumeCm3 < 1)) {
      throw new FreightInputError('invalid', `items.${i}.volume_cm3`, '数值必须是正整数');
    }
    let list = byTemplate.get(item.templateId);
    if (!list) {
      if (!templates.has(item.templateId)) {
        throw new FreightInputError('template_not_found', `items.${i}.template_id`, '配送模板不存在');
      }
      list = [];
      byTemplate.set(item.templateId, list);
      order.push(item.templateId);
    }
    list.push(i);
  }
  const chain = regionChain(destination);
  const groups = order.map((id) => priceGroup(templates.get(id)!, chain, items, byTemplate.get(id)!));
  let total = 0;
  for (const group of groups) if (!group.error) total += group.feeFen;
  return { totalFen: total, groups };
}

/** Prices the same cargo with each template as if every item used it; cheapest first, failures last. */
export function compareTemplates(
  destination: string,
  items: readonly Omit<FreightItem, 'templateId'>[],
  templates: readonly FreightTemplate[],
): FreightGroup[] {
  const results = templates.map((template) => {
    const map = new Map([[template.id, template]]);
    return estimateFreight(
      destination,
      items.map((item) => ({ ...item, templateId: template.id })),
      map,
    ).groups[0];
  });
  return results
    .filter((g) => g !== undefined)
    .sort((a, b) => (a.error ? 1 : 0) - (b.error ? 1 : 0) || a.feeFen - b.feeFen || a.templateId - b.templateId);
}
