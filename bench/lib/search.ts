/**
 * Commodity keyword search as one person feels it: one request after another against the running
 * API, 21 keywords × 15 runs, median and p95 per keyword (docs/rules/quality-bars.md: median ≤ 30 ms,
 * p95 ≤ 80 ms; an exact SKU or barcode ≤ 5 ms median). Keywords come from the data, so any seed works.
 */
import type { Api } from './api';
import type { Query } from './query';
import { fmt, percentile, type Row } from './report';

const RUNS = 15;

interface Keyword {
  kind: string;
  keyword: string;
  exact?: boolean;
}

/** Common and rare words of the names, brands, SKU prefixes, whole codes and a word nobody uses. */
async function searchKeywords(q: Query): Promise<Keyword[]> {
  const sample = await q<{ sku_code: string; name: string; brand: string | null; barcode: string | null }>(
    'select sku_code, name, brand, barcode from commodities tablesample system (1) repeatable (7) limit 2000',
  );
  if (sample.length === 0) return [];
  // Words of the names (after the brand), by how often they occur in the sample.
  const freq = new Map<string, number>();
  for (const { name } of sample) {
    for (const word of name.split(/\s+/).slice(-1)) {
      const chars = [...word];
      for (let len = 1; len <= Math.min(4, chars.length); len++) {
        const w = chars.slice(chars.length - len).join('');
        freq.set(w, (freq.get(w) ?? 0) + 1);
      }
    }
  }
  // Latin letters in names (LED, TCL): a word that may also start a code.
  const latin = new Map<string, number>();
  for (const { name } of sample) for (const [word] of name.matchAll(/[A-Za-z]{3,4}/g)) latin.set(word, (latin.get(word) ?? 0) + 1);
  const commonLatin = [...latin.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const byLength = (len: number) => [...freq.entries()].filter(([w]) => [...w].length === len).sort((a, b) => b[1] - a[1]);
  const common = (len: number) => byLength(len)[0]?.[0];
  const rare = (len: number) => byLength(len).at(-1)?.[0];
  const withBarcode = sample.find((r) => r.barcode);
  const branded = sample.find((r) => r.brand && r.name.startsWith(`${r.brand} `));
  const last = (name: string) => name.split(/\s+/).at(-1) ?? name;
  const list: (Keyword | undefined)[] = [
    { kind: '常见单字', keyword: common(1) },
    { kind: '少见单字', keyword: rare(1) },
    { kind: '常见双字词', keyword: common(2) },
    { kind: '少见双字词', keyword: rare(2) },
    { kind: '常见三字词', keyword: common(3) },
    { kind: '少见三字词', keyword: rare(3) },
    { kind: '四字词', keyword: common(4) },
    { kind: '常见英文词', keyword: commonLatin },
    { kind: '品牌', keyword: branded?.brand ?? undefined },
    { kind: '品牌 + 词', keyword: branded ? `${branded.brand} ${[...last(branded.name)].slice(-2).join('')}` : undefined },
    { kind: '品牌 + 单字', keyword: branded ? `${branded.brand} ${[...last(branded.name)].at(-1)}` : undefined },
    { kind: '两个词', keyword: common(2) && common(1) ? `${common(2)} ${common(1)}` : undefined },
    { kind: 'SKU 前缀 (品类)', keyword: sample[0].sku_code.split('-')[0] },
    { kind: 'SKU 前缀 (大类)', keyword: sample[1].sku_code.slice(0, 2) },
    { kind: 'SKU 前缀 (长)', keyword: sample[2].sku_code.slice(0, -2) },
    { kind: '完整 SKU', keyword: sample[3].sku_code, exact: true },
    { kind: '完整 SKU (小写)', keyword: sample[4].sku_code.toLowerCase(), exact: true },
    { kind: '条码', keyword: withBarcode?.barcode ?? undefined, exact: true },
    { kind: '条码前缀', keyword: withBarcode?.barcode?.slice(0, 7) },
    { kind: '无结果', keyword: '无此商品名' },
    { kind: '无结果 (编码)', keyword: 'ZZ-NOSUCH' },
  ].map((k) => (k.keyword ? (k as Keyword) : undefined));
  return list.filter((k): k is Keyword => k !== undefined);
}

export async function benchSearch(rows: Row[], api: Api, token: string, q: Query, log: (line: string) => void) {
  const section = `商品搜索 (单用户串行, 每词 ${RUNS} 次)`;
  const keywords = await searchKeywords(q);
  if (keywords.length === 0) {
    rows.push({ section, name: '关键词', value: '无商品数据', bar: '', ok: null });
    return;
  }
  log(`商品搜索: ${keywords.length} 个关键词 × ${RUNS} 次`);
  for (const { kind, keyword, exact } of keywords) {
    const body = { keyword, page: 1, page_size: 20 };
    const first = await api.call('/admin/commodity/list', body, token);
    if (first.code !== 200) {
      rows.push({ section, name: `${kind} 「${keyword}」`, value: `错误 ${first.code} ${first.message}`, bar: '', ok: false });
      continue;
    }
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await api.call('/admin/commodity/list', body, token)).ms);
    const median = percentile(times, 50);
    const p95 = percentile(times, 95);
    const firstRow = first.data.list[0];
    const exactFirst = exact ? [firstRow?.sku_code?.toUpperCase(), firstRow?.barcode].includes(keyword.toUpperCase()) : true;
    const total = `${fmt.int(first.data.total)}${first.data.total_capped ? '+' : ''} 条`;
    rows.push({
      section,
      name: `${kind} 「${keyword}」`,
      value: `中位数 ${fmt.ms(median)}, p95 ${fmt.ms(p95)}, ${total}${exact ? (exactFirst ? ', 精确匹配排第一' : ', 精确匹配未排第一') : ''}`,
      bar: exact ? '中位数 ≤ 5 ms, 排第一' : '中位数 ≤ 30 ms, p95 ≤ 80 ms',
      ok: exact ? median <= 5 && exactFirst : median <= 30 && p95 <= 80,
      data: { keyword, times, median, p95, total: first.data.total, totalCapped: first.data.total_capped },
    });
  }
}
