import { type ChargeMode, fenToYuan, type PriceTemplate, type PriceTemplateInput, toDisplayMeasure, toStoredMeasure, yuanToFen } from '@scm/contract';

/**
 * The editor's values: the contract's field names (so field errors land on the right input), with
 * quantities in display units (件 / kg / m³) and money in yuan.
 */
export interface TemplateFormValues {
  name: string;
  chargeMode: ChargeMode;
  status: 'enabled' | 'disabled';
  remark?: string | null;
  chargeRows: {
    regionCodes: string[];
    isDefault: boolean;
    firstQty?: number | null;
    firstFeeFen?: number | null;
    additionalQty?: number | null;
    additionalFeeFen?: number | null;
  }[];
  freeRows: { regionCodes: string[]; qtyLimit?: number | null; minAmountFen?: number | null; operator: 'and' | 'or' }[];
  noDeliveryCodes: string[];
}

export const newTemplateValues = (): TemplateFormValues => ({
  name: '',
  chargeMode: 'weight',
  status: 'enabled',
  remark: '',
  chargeRows: [{ regionCodes: [], isDefault: true, firstQty: 1, firstFeeFen: 10, additionalQty: 1, additionalFeeFen: 5 }],
  freeRows: [],
  noDeliveryCodes: [],
});

const yuan = (fen: number | null) => (fen == null ? null : Number(fenToYuan(fen)));

export function toFormValues(template: PriceTemplate): TemplateFormValues {
  const mode = template.chargeMode;
  return {
    name: template.name,
    chargeMode: mode,
    status: template.status,
    remark: template.remark ?? '',
    chargeRows: template.chargeRows.map((row) => ({
      regionCodes: row.regionCodes,
      isDefault: row.isDefault,
      firstQty: toDisplayMeasure(mode, row.firstQty),
      firstFeeFen: yuan(row.firstFeeFen),
      additionalQty: toDisplayMeasure(mode, row.additionalQty),
      additionalFeeFen: yuan(row.additionalFeeFen),
    })),
    freeRows: template.freeRows.map((row) => ({
      regionCodes: row.regionCodes,
      qtyLimit: row.qtyLimit == null ? null : toDisplayMeasure(mode, row.qtyLimit),
      minAmountFen: yuan(row.minAmountFen),
      operator: row.operator,
    })),
    noDeliveryCodes: template.noDeliveryCodes,
  };
}

const fen = (value: number | null | undefined) => (value == null ? Number.NaN : (yuanToFen(value) ?? Number.NaN));
const stored = (mode: ChargeMode, value: number | null | undefined) => (value == null ? Number.NaN : toStoredMeasure(mode, value));

/** Display units → the contract body (g, cm³, fen); empty numbers become NaN so the schema reports them. */
export function toRequestBody(values: TemplateFormValues): PriceTemplateInput {
  const mode = values.chargeMode;
  return {
    name: values.name ?? '',
    chargeMode: mode,
    status: values.status,
    remark: values.remark || null,
    chargeRows: values.chargeRows.map((row) => ({
      regionCodes: row.regionCodes ?? [],
      isDefault: row.isDefault,
      firstQty: stored(mode, row.firstQty),
      firstFeeFen: fen(row.firstFeeFen),
      additionalQty: stored(mode, row.additionalQty),
      additionalFeeFen: fen(row.additionalFeeFen),
    })),
    freeRows: values.freeRows.map((row) => ({
      regionCodes: row.regionCodes ?? [],
      qtyLimit: row.qtyLimit == null ? null : stored(mode, row.qtyLimit),
      minAmountFen: row.minAmountFen == null ? null : fen(row.minAmountFen),
      operator: row.operator,
    })),
    noDeliveryCodes: values.noDeliveryCodes ?? [],
  };
}
