import { type CommodityOption, toStoredMeasure, yuanToFen } from '@scm/contract';

/** An ad-hoc line: a chosen template with its own count, measures (kg, m³) and goods value. */
export interface CustomLine {
  templateId?: number;
  quantity?: number;
  weightKg?: number | null;
  volumeM3?: number | null;
  amountYuan?: number | null;
}

/** A commodity line: the commodity brings its template, weight, volume and reference price. */
export interface CommodityLine {
  commodity?: CommodityOption;
  quantity?: number;
}

export type CargoMode = 'commodity' | 'custom';

/** One line of the estimate request. */
export interface CargoItem {
  commodityId?: number;
  templateId?: number;
  quantity: number;
  weightG?: number;
  volumeCm3?: number;
  amountFen?: number;
}

/** What the result shows of each request line, taken when the estimate was asked for. */
export interface ResultLine {
  label: string;
  quantity: number;
  /** A value of the `unit` dictionary. */
  unit: string;
  weightG: number | null;
  volumeCm3: number | null;
}

export function customItems(lines: CustomLine[]): CargoItem[] {
  return lines.map((line) => ({
    templateId: line.templateId,
    quantity: line.quantity ?? 0,
    weightG: line.weightKg ? toStoredMeasure('weight', line.weightKg) : undefined,
    volumeCm3: line.volumeM3 ? toStoredMeasure('volume', line.volumeM3) : undefined,
    amountFen: line.amountYuan == null ? undefined : (yuanToFen(line.amountYuan) ?? undefined),
  }));
}

export function commodityItems(lines: CommodityLine[]): CargoItem[] {
  return lines.map((line) => ({ commodityId: line.commodity?.value ?? 0, quantity: line.quantity ?? 0 }));
}

export function customResultLines(lines: CustomLine[]): ResultLine[] {
  return customItems(lines).map((item) => ({
    label: '',
    quantity: item.quantity,
    unit: 'piece',
    weightG: item.weightG ?? null,
    volumeCm3: item.volumeCm3 ?? null,
  }));
}

export function commodityResultLines(lines: CommodityLine[]): ResultLine[] {
  return lines.map((line) => ({
    label: line.commodity?.label ?? '-',
    quantity: line.quantity ?? 0,
    unit: line.commodity?.unit ?? '',
    weightG: line.commodity?.weightG || null,
    volumeCm3: line.commodity?.volumeCm3 || null,
  }));
}

/**
 * The form field a server field error belongs to: `items.1.template_id` of a commodity line is
 * about its commodity (which has no template); other item fields keep their line.
 */
export function lineFieldOf(mode: CargoMode, field: string): (string | number)[] | null {
  if (field === 'destination') return ['destination'];
  const match = /^items\.(\d+)\.(\w+)$/.exec(field);
  if (!match) return null;
  const index = Number(match[1]);
  if (mode === 'commodity') return ['commodityLines', index, match[2] === 'quantity' ? 'quantity' : 'commodity'];
  const byField: Record<string, string> = {
    template_id: 'templateId',
    quantity: 'quantity',
    weight_g: 'weightKg',
    volume_cm3: 'volumeM3',
    amount_fen: 'amountYuan',
  };
  return byField[match[2]] ? ['items', index, byField[match[2]]] : null;
}
