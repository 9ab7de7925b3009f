import {
  compareTemplates,
  estimateFreight,
  type FreightEstimate,
  type FreightGroup,
  FreightInputError,
  type FreightItem,
  type FreightItemRequest,
  type FieldError,
} from '@scm/contract';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/http/errors';
import { loadEnabledTemplates, loadTemplates } from '../price-template/service';
import { assertKnownRegions } from '../region/regions';
import { lookupCommodities } from './commodity-source';

type ItemInput = Omit<FreightItemRequest, 'templateId'> & { templateId?: number };

/** A commodity may record 0 g or 0 cm³; for the estimate that is a missing measure (the group says so), not bad input. */
const measured = (value: number | null | undefined) => (value != null && value > 0 ? value : null);

/**
 * Fills each line from its commodity (template, weight, volume, reference price × quantity) unless
 * the line gives them; a line naming a template keeps it even when it names a commodity too.
 */
async function resolveItems(db: Db, items: ItemInput[], needTemplate: boolean) {
  const ids = [...new Set(items.flatMap((item) => (item.commodityId === undefined ? [] : [item.commodityId])))];
  const facts = await lookupCommodities(db, ids);
  const errors: FieldError[] = [];
  const resolved = items.map((item, i) => {
    const commodity = item.commodityId === undefined ? undefined : facts.get(item.commodityId);
    if (item.commodityId !== undefined && !commodity) throw notFound(`第${i + 1}项的商品不存在`);
    const templateId = item.templateId ?? commodity?.templateId ?? undefined;
    if (needTemplate && templateId === undefined) {
      errors.push({ field: `items.${i}.template_id`, message: `第${i + 1}项的商品未设置配送模板，请先在商品资料中设置` });
    }
    const referenceAmount = commodity?.referencePriceFen == null ? undefined : commodity.referencePriceFen * item.quantity;
    return {
      templateId: templateId ?? 0,
      quantity: item.quantity,
      weightG: item.weightG ?? measured(commodity?.weightG),
      volumeCm3: item.volumeCm3 ?? measured(commodity?.volumeCm3),
      amountFen: item.amountFen ?? referenceAmount ?? null,
    } satisfies FreightItem;
  });
  if (errors.length > 0) throw badRequest(errors[0].message, errors);
  return resolved;
}

function rethrow(error: unknown): never {
  if (error instanceof FreightInputError) {
    if (error.kind === 'template_not_found') throw notFound(error.message);
    throw badRequest(error.message, [{ field: error.field, message: error.message }]);
  }
  throw error;
}

/** The estimate endpoint's work, also what the quotation module calls for a supplier's freight. */
export async function estimateFreightFor(db: Db, input: { destination: string; items: ItemInput[] }): Promise<FreightEstimate> {
  assertKnownRegions([{ field: 'destination', codes: [input.destination] }]);
  const items = await resolveItems(db, input.items, true);
  const ids = [...new Set(items.map((item) => item.templateId))];
  const templates = await loadTemplates(db, ids);
  const missing = ids.find((id) => !templates.some((t) => t.id === id));
  if (missing !== undefined) throw notFound(`配送模板 ${missing} 不存在`);
  try {
    return estimateFreight(input.destination, items, new Map(templates.map((t) => [t.id, t])));
  } catch (error) {
    rethrow(error);
  }
}

/** The same cargo priced with every enabled template, cheapest first. */
export async function compareFreight(
  db: Db,
  input: { destination: string; items: Omit<ItemInput, 'templateId'>[] },
): Promise<{ list: FreightGroup[] }> {
  assertKnownRegions([{ field: 'destination', codes: [input.destination] }]);
  const items = await resolveItems(db, input.items, false);
  const templates = await loadEnabledTemplates(db);
  try {
    return { list: compareTemplates(input.destination, items, templates) };
  } catch (error) {
    rethrow(error);
  }
}
