CREATE TABLE "commodity_gram_counts" (
	"gram" text NOT NULL,
	"category_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "commodity_gram_counts_gram_category_id_status_pk" PRIMARY KEY("gram","category_id","status")
);
--> statement-breakpoint
-- Rows in sorted order, so concurrent writers take the count rows' locks in one order (no deadlock).
-- An update writes only the counts it changes: a row whose name, category and status stay as they
-- were adds and takes away the same grams, which cancel out before anything is written.
CREATE FUNCTION "commodity_gram_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "commodity_gram_counts" AS c ("gram", "category_id", "status", "n")
      SELECT g, "category_id", "status", count(*) FROM "new_rows", unnest("name_grams") g GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("gram", "category_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "commodity_gram_counts" AS c ("gram", "category_id", "status", "n")
      SELECT g, "category_id", "status", -count(*) FROM "old_rows", unnest("name_grams") g GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("gram", "category_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    INSERT INTO "commodity_gram_counts" AS c ("gram", "category_id", "status", "n")
      SELECT g, "category_id", "status", sum(d) FROM (
        SELECT g, "category_id", "status", -1 AS d FROM "old_rows", unnest("name_grams") g
        UNION ALL
        SELECT g, "category_id", "status", 1 AS d FROM "new_rows", unnest("name_grams") g
      ) changes GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("gram", "category_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "commodity_gram_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "commodity_gram_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "commodity_gram_counts" ("gram", "category_id", "status", "n")
  SELECT g, "category_id", "status", count(*) FROM "commodities", unnest("name_grams") g GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE TRIGGER "commodity_gram_counts_insert" AFTER INSERT ON "commodities" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "commodity_gram_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "commodity_gram_counts_update" AFTER UPDATE ON "commodities" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "commodity_gram_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "commodity_gram_counts_delete" AFTER DELETE ON "commodities" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "commodity_gram_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "commodity_gram_counts_truncate" AFTER TRUNCATE ON "commodities"
  FOR EACH STATEMENT EXECUTE FUNCTION "commodity_gram_counts_clear"();
