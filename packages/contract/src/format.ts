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
