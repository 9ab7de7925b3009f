DROP INDEX "commodities_sku_search";--> statement-breakpoint
CREATE INDEX "commodities_sku_search" ON "commodities" USING btree ((upper("sku_code") collate "C"),"sku_code");--> statement-breakpoint
ANALYZE "commodities";
