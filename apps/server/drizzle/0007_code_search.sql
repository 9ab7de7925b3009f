CREATE INDEX "commodities_sku_search" ON "commodities" USING btree ((upper("sku_code") collate "C"));--> statement-breakpoint
CREATE INDEX "commodities_barcode_search" ON "commodities" USING btree (("barcode" collate "C"));--> statement-breakpoint
ANALYZE "commodities";
