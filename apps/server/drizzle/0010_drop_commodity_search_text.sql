DROP INDEX "commodities_search_trgm";--> statement-breakpoint
ALTER TABLE "commodities" DROP COLUMN "search_text";