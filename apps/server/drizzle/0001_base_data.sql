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
ALTER TABLE "dict_items" ADD CONSTRAINT "dict_items_type_id_dict_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."dict_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_template_charge_rows" ADD CONSTRAINT "price_template_charge_rows_template_id_price_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."price_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_template_free_rows" ADD CONSTRAINT "price_template_free_rows_template_id_price_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."price_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_type_value_unique" ON "dict_items" USING btree ("type_id","value");--> statement-breakpoint
CREATE INDEX "dict_items_type_idx" ON "dict_items" USING btree ("type_id","sort");--> statement-breakpoint
CREATE INDEX "price_template_charge_rows_template_idx" ON "price_template_charge_rows" USING btree ("template_id","sort");--> statement-breakpoint
CREATE INDEX "price_template_free_rows_template_idx" ON "price_template_free_rows" USING btree ("template_id","sort");--> statement-breakpoint
CREATE INDEX "price_templates_status_idx" ON "price_templates" USING btree ("status","charge_mode");