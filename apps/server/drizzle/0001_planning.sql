CREATE TABLE "planning_task_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"commodity_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"budget_unit_price_fen" bigint NOT NULL,
	"required_by" date,
	"remark" text,
	"awarded_quantity" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planning_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"plan_type" text NOT NULL,
	"warehouse" text NOT NULL,
	"period_start" date,
	"period_end" date,
	"required_by" date,
	"owner_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"submitted_by" integer,
	"reject_reason" text,
	"close_reason" text,
	"remark" text,
	"line_count" integer DEFAULT 0 NOT NULL,
	"planned_quantity" bigint DEFAULT 0 NOT NULL,
	"awarded_quantity" bigint DEFAULT 0 NOT NULL,
	"budget_total_fen" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"search_text" text GENERATED ALWAYS AS ("planning_tasks"."code" || ' ' || "planning_tasks"."name") STORED,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planning_tasks_code_unique" UNIQUE("code")
);
--> statement-breakpoint
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
CREATE TABLE "dict_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"tag_color" text DEFAULT 'default' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"remark" text,
	"updated_by" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dict_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "dict_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_template_charge_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"region_codes" text[] DEFAULT '{}' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"first_qty" bigint NOT NULL,
	"first_fee_fen" bigint NOT NULL,
	"additional_qty" bigint NOT NULL,
	"additional_fee_fen" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_template_free_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"region_codes" text[] DEFAULT '{}' NOT NULL,
	"qty_limit" bigint,
	"min_amount_fen" bigint,
	"operator" text DEFAULT 'and' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"charge_mode" text NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"remark" text,
	"no_delivery_codes" text[] DEFAULT '{}' NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "procurement_task_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"commodity_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"target_price_fen" bigint,
	"plan_line_id" integer,
	"remark" text,
	"awarded_supplier_id" integer,
	"awarded_unit_price_fen" bigint,
	"awarded_freight_fen" bigint,
	"award_reason" text
);
--> statement-breakpoint
CREATE TABLE "procurement_task_suppliers" (
	"task_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	CONSTRAINT "procurement_task_suppliers_task_id_supplier_id_pk" PRIMARY KEY("task_id","supplier_id")
);
--> statement-breakpoint
CREATE TABLE "procurement_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"plan_id" integer,
	"buyer_id" integer NOT NULL,
	"quote_deadline" timestamp with time zone NOT NULL,
	"delivery_region_code" text NOT NULL,
	"required_by" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"remark" text,
	"status_reason" text,
	"awarded_amount_fen" bigint,
	"awarded_at" timestamp with time zone,
	"awarded_by" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_lines" (
	"quotation_id" integer NOT NULL,
	"task_line_id" integer NOT NULL,
	"unit_price_fen" bigint,
	"moq" integer,
	"lead_time_days" integer,
	"remark" text,
	CONSTRAINT "quotation_lines_quotation_id_task_line_id_pk" PRIMARY KEY("quotation_id","task_line_id")
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"task_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"quote_date" date NOT NULL,
	"valid_until" date NOT NULL,
	"tax_rate_percent" integer NOT NULL,
	"freight_mode" text NOT NULL,
	"freight_fen" bigint DEFAULT 0 NOT NULL,
	"freight_formula" text,
	"remark" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_categories" (
	"supplier_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "supplier_categories_supplier_id_category_id_pk" PRIMARY KEY("supplier_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"contact_person" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"region_code" text NOT NULL,
	"address" text,
	"credit_code" text NOT NULL,
	"bank_name" text,
	"bank_account" text,
	"settlement_type" text NOT NULL,
	"grade" text NOT NULL,
	"price_template_id" integer,
	"status" text DEFAULT 'enabled' NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "planning_task_lines" ADD CONSTRAINT "planning_task_lines_plan_id_planning_tasks_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planning_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_task_lines" ADD CONSTRAINT "planning_task_lines_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_tasks" ADD CONSTRAINT "planning_tasks_owner_id_back_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_tasks" ADD CONSTRAINT "planning_tasks_submitted_by_back_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_tasks" ADD CONSTRAINT "planning_tasks_created_by_back_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_tasks" ADD CONSTRAINT "planning_tasks_updated_by_back_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dict_items" ADD CONSTRAINT "dict_items_type_id_dict_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."dict_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_template_charge_rows" ADD CONSTRAINT "price_template_charge_rows_template_id_price_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."price_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_template_free_rows" ADD CONSTRAINT "price_template_free_rows_template_id_price_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."price_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_task_lines" ADD CONSTRAINT "procurement_task_lines_task_id_procurement_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."procurement_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_task_lines" ADD CONSTRAINT "procurement_task_lines_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_task_lines" ADD CONSTRAINT "procurement_task_lines_awarded_supplier_id_suppliers_id_fk" FOREIGN KEY ("awarded_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_task_suppliers" ADD CONSTRAINT "procurement_task_suppliers_task_id_procurement_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."procurement_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_task_suppliers" ADD CONSTRAINT "procurement_task_suppliers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_tasks" ADD CONSTRAINT "procurement_tasks_buyer_id_back_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_task_line_id_procurement_task_lines_id_fk" FOREIGN KEY ("task_line_id") REFERENCES "public"."procurement_task_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_task_id_procurement_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."procurement_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_categories" ADD CONSTRAINT "supplier_categories_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_categories" ADD CONSTRAINT "supplier_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_price_template_id_price_templates_id_fk" FOREIGN KEY ("price_template_id") REFERENCES "public"."price_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planning_task_lines_plan_idx" ON "planning_task_lines" USING btree ("plan_id","sort");--> statement-breakpoint
CREATE INDEX "planning_task_lines_commodity_idx" ON "planning_task_lines" USING btree ("commodity_id");--> statement-breakpoint
CREATE INDEX "planning_tasks_search_trgm" ON "planning_tasks" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "planning_tasks_status_idx" ON "planning_tasks" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "planning_tasks_owner_idx" ON "planning_tasks" USING btree ("owner_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "planning_tasks_updated_idx" ON "planning_tasks" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "planning_tasks_period_idx" ON "planning_tasks" USING btree ("period_start","period_end");--> statement-breakpoint
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
CREATE INDEX "commodities_brand_idx" ON "commodities" USING btree ("brand");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_type_value_unique" ON "dict_items" USING btree ("type_id","value");--> statement-breakpoint
CREATE INDEX "dict_items_type_idx" ON "dict_items" USING btree ("type_id","sort");--> statement-breakpoint
CREATE INDEX "price_template_charge_rows_template_idx" ON "price_template_charge_rows" USING btree ("template_id","sort");--> statement-breakpoint
CREATE INDEX "price_template_free_rows_template_idx" ON "price_template_free_rows" USING btree ("template_id","sort");--> statement-breakpoint
CREATE INDEX "price_templates_status_idx" ON "price_templates" USING btree ("status","charge_mode");--> statement-breakpoint
CREATE INDEX "procurement_task_lines_task_idx" ON "procurement_task_lines" USING btree ("task_id","sort");--> statement-breakpoint
CREATE INDEX "procurement_task_lines_plan_line_idx" ON "procurement_task_lines" USING btree ("plan_line_id");--> statement-breakpoint
CREATE INDEX "procurement_task_suppliers_supplier_idx" ON "procurement_task_suppliers" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_tasks_code_unique" ON "procurement_tasks" USING btree ("code");--> statement-breakpoint
CREATE INDEX "procurement_tasks_status_idx" ON "procurement_tasks" USING btree ("status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "procurement_tasks_updated_idx" ON "procurement_tasks" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "procurement_tasks_deadline_idx" ON "procurement_tasks" USING btree ("status","quote_deadline");--> statement-breakpoint
CREATE INDEX "procurement_tasks_buyer_idx" ON "procurement_tasks" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "procurement_tasks_plan_idx" ON "procurement_tasks" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "procurement_tasks_search_trgm" ON "procurement_tasks" USING gin (("code" || ' ' || "name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotation_lines_task_line_idx" ON "quotation_lines" USING btree ("task_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_code_unique" ON "quotations" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_task_supplier_unique" ON "quotations" USING btree ("task_id","supplier_id");--> statement-breakpoint
CREATE INDEX "quotations_supplier_idx" ON "quotations" USING btree ("supplier_id","status");--> statement-breakpoint
CREATE INDEX "supplier_categories_category_idx" ON "supplier_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_code_unique" ON "suppliers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_unique" ON "suppliers" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_credit_code_unique" ON "suppliers" USING btree ("credit_code");--> statement-breakpoint
CREATE INDEX "suppliers_status_idx" ON "suppliers" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suppliers_search_trgm" ON "suppliers" USING gin (("code" || ' ' || "name" || ' ' || "contact_person") gin_trgm_ops);