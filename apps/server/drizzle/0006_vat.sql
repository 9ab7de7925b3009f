ALTER TABLE "board_award_lines" ADD COLUMN "deductible_vat_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "procurement_task_lines" ADD COLUMN "awarded_deductible_vat_fen" bigint;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "invoice_type" text DEFAULT 'special' NOT NULL;--> statement-breakpoint
-- Awards made before invoices were recorded: their quotes are special invoices (the column's default) and the company a general taxpayer (the setting's default), per line rounded as docs/procurement.md describes.
UPDATE "procurement_task_lines" SET "awarded_deductible_vat_fen" = g.deductible
  FROM (SELECT l."id",
               (coalesce(l."awarded_quantity", l."quantity")::numeric * l."awarded_unit_price_fen")
                 - round(coalesce(l."awarded_quantity", l."quantity")::numeric * l."awarded_unit_price_fen" * 100 / (100 + q."tax_rate_percent"))
               + coalesce(l."awarded_freight_fen", 0)
                 - round(coalesce(l."awarded_freight_fen", 0)::numeric * 100 / (100 + q."tax_rate_percent")) AS deductible
          FROM "procurement_task_lines" l
          JOIN "quotations" q ON q."task_id" = l."task_id" AND q."supplier_id" = l."awarded_supplier_id"
         WHERE l."awarded_unit_price_fen" IS NOT NULL) g
 WHERE "procurement_task_lines"."id" = g."id";--> statement-breakpoint
UPDATE "board_award_lines" SET "deductible_vat_fen" = l."awarded_deductible_vat_fen"
  FROM "procurement_task_lines" l WHERE l."id" = "board_award_lines"."task_line_id" AND l."awarded_deductible_vat_fen" IS NOT NULL;
