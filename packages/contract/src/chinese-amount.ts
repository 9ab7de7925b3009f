/**
 * 大写金额: an amount of integer fen written in Chinese capitals as banks require on a cheque or an
 * order (docs/rules/orders.md, "Amounts in capitals"). Pure BigInt arithmetic, no floating point.
 */

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SECTION_UNITS = ['仟', '佰', '拾', ''];
/** The largest amount a bigint money column holds. */
export const MAX_AMOUNT_FEN = 9_223_372_036_854_775_807n;

const TEN_THOUSAND = 10_000n;
const HUNDRED_MILLION = 100_000_000n;

/** 1–9999 with 仟佰拾, one 零 for a run of zeros inside, none at the end. */
function section(n: bigint): string {
  const digits = n.toString().padStart(4, '0');
  let out = '';
  let zero = false;
  for (let i = 0; i < 4; i++) {
    const d = Number(digits[i]);
    if (d === 0) {
      zero = out !== '';
      continue;
    }
    out += (zero ? '零' : '') + DIGITS[d] + SECTION_UNITS[i];
    zero = false;
  }
  return out;
}

/** A positive whole number of yuan: 万 and 亿 split it, a lower part that starts with zeros gets one 零. */
function whole(n: bigint): string {
  for (const [unit, size] of [
    ['亿', HUNDRED_MILLION],
    ['万', TEN_THOUSAND],
  ] as const) {
    if (n >= size) {
      const low = n % size;
      const lowText = low === 0n ? '' : (low < size / 10n ? '零' : '') + whole(low);
      return whole(n / size) + unit + lowText;
    }
  }
  return section(n);
}

/** Integer fen (0 up to the largest bigint column value) → 大写; anything else throws. */
export function amountInCapitals(fen: number | bigint): string {
  if (typeof fen === 'number' && !Number.isSafeInteger(fen)) throw new RangeError(`金额须为整数分：${fen}`);
  if (typeof fen !== 'number' && typeof fen !== 'bigint') throw new TypeError('金额须为整数分');
  const value = BigInt(fen);
  if (value < 0n || value > MAX_AMOUNT_FEN) throw new RangeError(`金额超出范围：${value}`);
  const yuan = value / 100n;
  const jiao = Number((value / 10n) % 10n);
  const cent = Number(value % 10n);
  if (yuan === 0n) {
    if (jiao === 0 && cent === 0) return '零元整';
    return (jiao ? `${DIGITS[jiao]}角` : '') + (cent ? `${DIGITS[cent]}分` : '');
  }
  const head = `${whole(yuan)}元`;
  if (jiao === 0 && cent === 0) return `${head}整`;
  if (jiao === 0) return `${head}零${DIGITS[cent]}分`;
  return `${head}${DIGITS[jiao]}角${cent ? `${DIGITS[cent]}分` : ''}`;
}
