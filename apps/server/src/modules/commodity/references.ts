import { DICT, type FieldError } from '@scm/contract';
import { eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictItems, dictTypes, priceTemplates, suppliers } from '../../db/schema';

/** What a commodity refers to outside its own table. */
export interface CommodityRefs {
  unit: string;
  priceTemplateId: number | null;
  defaultSupplierId: number | null;
}

const SUPPLIER_REFUSALS = { disabled: '默认供应商已停用', blacklisted: '默认供应商已列入黑名单' } as const;

/**
 * The unit dictionary and the templates and suppliers a write names, loaded once: the form's
 * create / update and every row of the Excel import are checked by the same `check`.
 */
export class CommodityReferences {
  private readonly unitByLabel = new Map<string, string>();

  constructor(
    private readonly units: Map<string, { label: string; enabled: boolean }>,
    private readonly templates: Map<number, { name: string; enabled: boolean }>,
    private readonly suppliers: Map<number, { code: string; status: 'enabled' | 'disabled' | 'blacklisted' }>,
  ) {
    for (const [value, unit] of units) if (!this.unitByLabel.has(unit.label)) this.unitByLabel.set(unit.label, value);
  }

  /** A spreadsheet names the template by its (unique) name. */
  templateIdOfName(name: string): number | undefined {
    for (const [id, template] of this.templates) if (template.name === name) return id;
    return undefined;
  }

  /** A spreadsheet names the supplier by its code. */
  supplierIdOfCode(code: string): number | undefined {
    for (const [id, supplier] of this.suppliers) if (supplier.code === code) return id;
    return undefined;
  }

  /** A spreadsheet names the unit by its label (件) or its value (piece). */
  unitOfText(text: string): string {
    return this.units.has(text) ? text : (this.unitByLabel.get(text) ?? text);
  }

  unitLabel(value: string): string {
    return this.units.get(value)?.label ?? value;
  }

  /**
   * Field errors of the references. New ones must be enabled; what `before` already referred to
   * is kept even after it was disabled, so an old record can still be edited.
   */
  check(values: CommodityRefs, before?: CommodityRefs): FieldError[] {
    const errors: FieldError[] = [];
    if (values.unit !== before?.unit && !this.units.get(values.unit)?.enabled) {
      errors.push({ field: 'unit', message: '计量单位不存在或已停用' });
    }
    const templateId = values.priceTemplateId;
    if (templateId != null) {
      const template = this.templates.get(templateId);
      if (!template) errors.push({ field: 'price_template_id', message: '配送模板不存在' });
      else if (templateId !== before?.priceTemplateId && !template.enabled) {
        errors.push({ field: 'price_template_id', message: '配送模板已停用' });
      }
    }
    const supplierId = values.defaultSupplierId;
    if (supplierId != null) {
      const supplier = this.suppliers.get(supplierId);
      if (!supplier) errors.push({ field: 'default_supplier_id', message: '默认供应商不存在' });
      else if (supplierId !== before?.defaultSupplierId && supplier.status !== 'enabled') {
        errors.push({ field: 'default_supplier_id', message: SUPPLIER_REFUSALS[supplier.status] });
      }
    }
    return errors;
  }
}

interface Named {
  templateIds?: (number | null)[];
  supplierIds?: (number | null)[];
  templateNames?: (string | null)[];
  supplierCodes?: (string | null)[];
}

const distinct = <T>(items: (T | null)[] = []) => [...new Set(items)].filter((item): item is T => item != null);

/** The unit dictionary, plus the templates and suppliers named by id (the form) or by name / code (the import). */
export async function loadCommodityReferences(db: Db, named: Named = {}): Promise<CommodityReferences> {
  const templateIds = distinct(named.templateIds);
  const supplierIds = distinct(named.supplierIds);
  const templateNames = distinct(named.templateNames);
  const supplierCodes = distinct(named.supplierCodes);
  // One after another: inside a transaction they share one connection.
  const units = await db
    .select({ value: dictItems.value, label: dictItems.label, itemStatus: dictItems.status, typeStatus: dictTypes.status })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(eq(dictTypes.code, DICT.unit))
    .orderBy(dictItems.sort, dictItems.id);
  const templates =
    templateIds.length + templateNames.length === 0
      ? []
      : await db
          .select({ id: priceTemplates.id, name: priceTemplates.name, status: priceTemplates.status })
          .from(priceTemplates)
          .where(or(inArray(priceTemplates.id, templateIds), inArray(priceTemplates.name, templateNames)));
  const supplierRows =
    supplierIds.length + supplierCodes.length === 0
      ? []
      : await db
          .select({ id: suppliers.id, code: suppliers.code, status: suppliers.status })
          .from(suppliers)
          .where(or(inArray(suppliers.id, supplierIds), inArray(suppliers.code, supplierCodes)));
  return new CommodityReferences(
    new Map(units.map((u) => [u.value, { label: u.label, enabled: u.itemStatus === 'enabled' && u.typeStatus === 'enabled' }])),
    new Map(templates.map((t) => [t.id, { name: t.name, enabled: t.status === 'enabled' }])),
    new Map(supplierRows.map((s) => [s.id, { code: s.code, status: s.status }])),
  );
}
