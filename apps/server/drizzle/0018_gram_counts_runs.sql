-- The three- and four-character runs of a name as written (no case folding, none across a space): a
-- search of one such word without cased letters (置物架, 浴室地垫) is counted in commodity_gram_counts too.
CREATE FUNCTION "name_runs"(name text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(name, i, len)), '{}'::text[])
  FROM generate_series(3, 4) len, generate_series(1, char_length(name) - len + 1) i
  WHERE position(' ' in substr(name, i, len)) = 0
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "commodity_gram_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "commodity_gram_counts" AS c ("gram", "category_id", "status", "n")
      SELECT g, "category_id", "status", count(*) FROM "new_rows", unnest("name_grams" || "name_runs"("name")) g
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("gram", "category_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "commodity_gram_counts" AS c ("gram", "category_id", "status", "n")
      SELECT g, "category_id", "status", -count(*) FROM "old_rows", unnest("name_grams" || "name_runs"("name")) g
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("gram", "category_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    INSERT INTO "commodity_gram_counts" AS c ("gram", "category_id", "status", "n")
      SELECT g, "category_id", "status", sum(d) FROM (
        SELECT g, "category_id", "status", -1 AS d FROM "old_rows", unnest("name_grams" || "name_runs"("name")) g
        UNION ALL
        SELECT g, "category_id", "status", 1 AS d FROM "new_rows", unnest("name_grams" || "name_runs"("name")) g
      ) changes GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("gram", "category_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "commodity_gram_counts" ("gram", "category_id", "status", "n")
  SELECT g, "category_id", "status", count(*) FROM "commodities", unnest("name_runs"("name")) g GROUP BY 1, 2, 3;
