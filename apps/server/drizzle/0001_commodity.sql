CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"level" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commodities" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku_code" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"brand" text,
	"spec" text,
	"unit" text NOT NULL,
	"barcode" text,
	"weight_g" integer,
	"volume_cm3" integer,
	"reference_price_fen" bigint NOT NULL,
	"price_template_id" integer,
	"default_supplier_id" integer,
	"status" text DEFAULT 'enabled' NOT NULL,
	"remark" text,
	"search_text" text GENERATED ALWAYS AS ("commodities"."sku_code" || ' ' || "commodities"."name" || ' ' || coalesce("commodities"."barcode", '')) STORED,
	"name_grams" text[] NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_code_unique" ON "categories" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_sibling_name_unique" ON "categories" USING btree (coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commodities_sku_unique" ON "commodities" USING btree ("sku_code");--> statement-breakpoint
CREATE INDEX "commodities_search_trgm" ON "commodities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "commodities_grams" ON "commodities" USING gin ("name_grams");--> statement-breakpoint
CREATE INDEX "commodities_category_idx" ON "commodities" USING btree ("category_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "commodities_updated_idx" ON "commodities" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "commodities_name_idx" ON "commodities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "commodities_price_idx" ON "commodities" USING btree ("reference_price_fen");--> statement-breakpoint
CREATE INDEX "commodities_brand_idx" ON "commodities" USING btree ("brand");