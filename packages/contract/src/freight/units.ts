export type ChargeMode = 'piece' | 'weight' | 'volume';

export const CHARGE_MODE_LABELS: Record<ChargeMode, string> = { piece: '按件数', weight: '按重量', volume: '按体积' };

/** Display units of each charge mode: pieces, kg (stored g) and m³ (stored cm³). */
export const DISPLAY_UNITS: Record<ChargeMode, { unit: string; factor: number; first: string; additional: string }> = {
  piece: { unit: '件', factor: 1, first: '首件', additional: '续件' },
  weight: { unit: 'kg', factor: 1000, first: '首重', additional: '续重' },
  volume: { unit: 'm³', factor: 1_000_000, first: '首体积', additional: '续体积' },
};

/** A stored quantity (pieces, g, cm³) in display units, e.g. 2650 g → "2.65kg". */
export function formatMeasure(mode: ChargeMode, stored: number): string {
  const { unit, factor } = DISPLAY_UNITS[mode];
  if (factor === 1) return `${stored}${unit}`;
  const whole = Math.floor(stored / factor);
  let fraction = stored - whole * factor;
  if (fraction === 0) return `${whole}${unit}`;
  let digits = factor === 1000 ? 3 : 6;
  while (fraction % 10 === 0) {
    fraction /= 10;
    digits--;
  }
  return `${whole}.${String(fraction).padStart(digits, '0')}${unit}`;
}

/** A display quantity (kg, m³ or pieces) as typed → the stored integer, exact to the stored unit. */
export function toStoredMeasure(mode: ChargeMode, display: number): number {
  return Math.round(display * DISPLAY_UNITS[mode].factor);
}

export function toDisplayMeasure(mode: ChargeMode, stored: number): number {
  return stored / DISPLAY_UNITS[mode].factor;
}
