-- The runs of a name are taken from the lower-cased name, as ILIKE compares it: a search of one
-- ASCII word of three or four characters (LED, TCL) or of ASCII and characters without case
-- (LED台灯) is counted in commodity_gram_counts too. The kept runs are counted again; grams of one
-- or two characters (name_grams) are untouched.
CREATE OR REPLACE FUNCTION "name_runs"(name text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(folded, i, len)), '{}'::text[])
  FROM lower(name) folded, generate_series(3, 4) len, generate_series(1, char_length(folded) - len + 1) i
  WHERE position(' ' in substr(folded, i, len)) = 0
$$;--> statement-breakpoint
DELETE FROM "commodity_gram_counts" WHERE char_length("gram") >= 3;--> statement-breakpoint
INSERT INTO "commodity_gram_counts" ("gram", "category_id", "status", "n")
  SELECT g, "category_id", "status", count(*) FROM "commodities", unnest("name_runs"("name")) g GROUP BY 1, 2, 3;
