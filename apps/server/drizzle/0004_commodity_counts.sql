CREATE TABLE "commodity_counts" (
	"category_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "commodity_counts_category_id_status_pk" PRIMARY KEY("category_id","status")
);
--> statement-breakpoint
-- Rows in sorted order, so concurrent writers take the count rows' locks in one order (no deadlock).
CREATE FUNCTION "commodity_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "commodity_counts" AS c ("category_id", "status", "n")
      SELECT "category_id", "status", -count(*) FROM "old_rows" GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("category_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "commodity_counts" AS c ("category_id", "status", "n")
      SELECT "category_id", "status", count(*) FROM "new_rows" GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("category_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "commodity_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "commodity_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "commodity_counts" ("category_id", "status", "n")
  SELECT "category_id", "status", count(*) FROM "commodities" GROUP BY 1, 2;--> statement-breakpoint
CREATE TRIGGER "commodity_counts_insert" AFTER INSERT ON "commodities" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "commodity_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "commodity_counts_update" AFTER UPDATE ON "commodities" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "commodity_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "commodity_counts_delete" AFTER DELETE ON "commodities" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "commodity_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "commodity_counts_truncate" AFTER TRUNCATE ON "commodities"
  FOR EACH STATEMENT EXECUTE FUNCTION "commodity_counts_clear"();
