import { z } from 'zod';
import { idSchema } from '../common';
import { endpoint } from '../endpoint';
import { regionCodeSchema } from '../region';

/** docs/rules/freight.md, "Limits of a request": quantity 1–100,000 per line; per-unit weight ≤ 1,000,000 g, volume ≤ 100,000,000 cm³. */
export const FREIGHT_LIMITS = { quantity: 100_000, weightG: 1_000_000, volumeCm3: 100_000_000, items: 500, amountFen: 100_000_000_000 } as const;

const freightItemFields = z.strictObject({
  commodityId: idSchema.optional(),
  templateId: idSchema.optional(),
  quantity: z.int('数量必须是整数').min(1, '数量至少为1').max(FREIGHT_LIMITS.quantity, '数量不能超过100000'),
  weightG: z.int('重量必须是整数（克）').min(1, '重量必须大于0').max(FREIGHT_LIMITS.weightG, '单件重量不能超过1000kg').optional(),
  volumeCm3: z.int('体积必须是整数（立方厘米）').min(1, '体积必须大于0').max(FREIGHT_LIMITS.volumeCm3, '单件体积不能超过100m³').optional(),
  amountFen: z.int('货值必须是整数（分）').min(0, '货值不能为负数').max(FREIGHT_LIMITS.amountFen, '货值过大').optional(),
});

export const freightItemRequest = freightItemFields.refine((item) => item.commodityId !== undefined || item.templateId !== undefined, {
  message: '请选择商品或配送模板',
  path: ['templateId'],
});
export type FreightItemRequest = z.infer<typeof freightItemRequest>;

export const freightEstimateRequest = z.strictObject({
  destination: regionCodeSchema,
  items: z.array(freightItemRequest).min(1, '请至少添加一项货物').max(FREIGHT_LIMITS.items, '货物不能超过500项'),
});

export const freightCompareRequest = z.strictObject({
  destination: regionCodeSchema,
  items: z
    .array(freightItemFields.omit({ templateId: true }))
    .min(1, '请至少添加一项货物')
    .max(FREIGHT_LIMITS.items, '货物不能超过500项'),
});

const matchedBySchema = z.enum(['district', 'city', 'province', 'default']);

export const freightGroupSchema = z.object({
  templateId: z.number(),
  templateName: z.string(),
  chargeMode: z.enum(['piece', 'weight', 'volume']),
  matchedBy: matchedBySchema.nullable(),
  matchedRow: z.number().nullable(),
  matchedCode: z.string().nullable(),
  q: z.number(),
  amountFen: z.number(),
  free: z.boolean(),
  freeRow: z.number().nullable(),
  freeNote: z.string().nullable(),
  feeFen: z.number(),
  formula: z.string(),
  items: z.array(z.object({ index: z.number(), feeFen: z.number() })),
  error: z.string().optional(),
});

export const freightEstimateResponse = z.object({ totalFen: z.number(), groups: z.array(freightGroupSchema) });

export const freightApi = {
  estimate: endpoint('/admin/freight/estimate', freightEstimateRequest, freightEstimateResponse),
  compare: endpoint('/admin/freight/compare', freightCompareRequest, z.object({ list: z.array(freightGroupSchema) })),
};
