-- Commodities hold values of the `unit` dictionary; rows written before it was checked may hold labels.
UPDATE "commodities" c SET "unit" = i."value"
  FROM "dict_items" i JOIN "dict_types" t ON t."id" = i."type_id"
  WHERE t."code" = 'unit' AND i."label" = c."unit"
    AND NOT EXISTS (SELECT 1 FROM "dict_items" j WHERE j."type_id" = t."id" AND j."value" = c."unit");--> statement-breakpoint
-- Labels of built-in unit items the start-up seed adds after this migration.
UPDATE "commodities" SET "unit" = CASE "unit"
    WHEN '件' THEN 'piece' WHEN '箱' THEN 'box' WHEN '袋' THEN 'bag' WHEN '瓶' THEN 'bottle' WHEN '套' THEN 'set'
    WHEN '千克' THEN 'kg' WHEN '个' THEN 'each' WHEN '卷' THEN 'roll' WHEN '张' THEN 'sheet' WHEN '包' THEN 'pack'
    WHEN '条' THEN 'strip' WHEN '把' THEN 'handle' WHEN '双' THEN 'pair' WHEN '盒' THEN 'case' END
  WHERE "unit" IN ('件', '箱', '袋', '瓶', '套', '千克', '个', '卷', '张', '包', '条', '把', '双', '盒')
    AND NOT EXISTS (
      SELECT 1 FROM "dict_items" j JOIN "dict_types" t ON t."id" = j."type_id"
      WHERE t."code" = 'unit' AND j."value" = "commodities"."unit");--> statement-breakpoint
-- References to rows that no longer exist cannot survive the foreign keys.
UPDATE "commodities" SET "price_template_id" = NULL
  WHERE "price_template_id" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "price_templates" p WHERE p."id" = "commodities"."price_template_id");--> statement-breakpoint
UPDATE "commodities" SET "default_supplier_id" = NULL
  WHERE "default_supplier_id" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "suppliers" s WHERE s."id" = "commodities"."default_supplier_id");--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_price_template_id_price_templates_id_fk" FOREIGN KEY ("price_template_id") REFERENCES "public"."price_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_default_supplier_id_suppliers_id_fk" FOREIGN KEY ("default_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commodities_price_template_idx" ON "commodities" USING btree ("price_template_id") WHERE "commodities"."price_template_id" is not null;--> statement-breakpoint
CREATE INDEX "commodities_default_supplier_idx" ON "commodities" USING btree ("default_supplier_id") WHERE "commodities"."default_supplier_id" is not null;