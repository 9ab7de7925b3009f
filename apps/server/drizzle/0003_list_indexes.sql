DROP INDEX "commodities_grams";--> statement-breakpoint
DROP INDEX "planning_tasks_status_idx";--> statement-breakpoint
DROP INDEX "planning_tasks_owner_idx";--> statement-breakpoint
DROP INDEX "planning_tasks_updated_idx";--> statement-breakpoint
DROP INDEX "procurement_tasks_status_idx";--> statement-breakpoint
DROP INDEX "procurement_tasks_updated_idx";--> statement-breakpoint
DROP INDEX "suppliers_status_idx";--> statement-breakpoint
ALTER TABLE "commodities" ADD COLUMN "search_tokens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- A category's own token and its ancestors' (the tree is at most 3 levels deep).
CREATE FUNCTION "category_search_tokens"(category integer) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT array_remove(ARRAY['cat:' || c."id", 'cat:' || p."id", 'cat:' || p."parent_id"], NULL)
    FROM "categories" c LEFT JOIN "categories" p ON p."id" = c."parent_id"
   WHERE c."id" = category
$$;--> statement-breakpoint
CREATE FUNCTION "commodities_search_tokens"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_tokens" := NEW."name_grams" || coalesce("category_search_tokens"(NEW."category_id"), '{}'::text[]);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "commodities_search_tokens" BEFORE INSERT OR UPDATE OF "name_grams", "category_id" ON "commodities"
  FOR EACH ROW EXECUTE FUNCTION "commodities_search_tokens"();--> statement-breakpoint
-- A category moved under another parent: the commodities of its subtree get their new ancestors.
CREATE FUNCTION "categories_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "commodities" SET "category_id" = "category_id"
   WHERE "category_id" IN (
     SELECT c."id" FROM "categories" c
      WHERE c."id" = NEW."id" OR c."parent_id" = NEW."id"
         OR c."parent_id" IN (SELECT d."id" FROM "categories" d WHERE d."parent_id" = NEW."id"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "categories_moved" AFTER UPDATE OF "parent_id" ON "categories"
  FOR EACH ROW WHEN (OLD."parent_id" IS DISTINCT FROM NEW."parent_id") EXECUTE FUNCTION "categories_moved"();--> statement-breakpoint
UPDATE "commodities" SET "category_id" = "category_id";--> statement-breakpoint
CREATE INDEX "commodities_search_tokens" ON "commodities" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "planning_tasks_status_idx" ON "planning_tasks" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "planning_tasks_owner_idx" ON "planning_tasks" USING btree ("owner_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "planning_tasks_updated_idx" ON "planning_tasks" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "procurement_tasks_status_idx" ON "procurement_tasks" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "procurement_tasks_updated_idx" ON "procurement_tasks" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "suppliers_status_idx" ON "suppliers" USING btree ("status","updated_at","id");