const plainFormatter = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});
const groupedFormatter = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

function toNumber(value: number | string | null | undefined): number {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** "0.00": a plain amount with two decimals. */
export function formatAmount(value: number | string | null | undefined): string {
  return plainFormatter.format(toNumber(value));
}

/** "0,0.00": thousands separators and two decimals, for tables and totals. */
export function formatMoney(value: number | string | null | undefined): string {
  return groupedFormatter.format(toNumber(value));
}

/** Integer fen → yuan string with two decimals, exact (no floating point on the fen). */
export function fenToYuan(fen: number | bigint, grouped = false): string {
  const big = BigInt(fen);
  const negative = big < 0n;
  const abs = negative ? -big : big;
  let whole = (abs / 100n).toString();
  const cents = (abs % 100n).toString().padStart(2, '0');
  if (grouped) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${cents}`;
}

/** Yuan as typed in a form ("12.3", 12.34) → integer fen, exact; null when not a valid amount. */
export function yuanToFen(yuan: number | string): number | null {
  const text = typeof yuan === 'number' ? yuan.toFixed(2) : yuan.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, frac = ''] = match;
  const fen = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return sign ? -fen : fen;
}
