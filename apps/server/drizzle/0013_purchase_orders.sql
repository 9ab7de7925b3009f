CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"task_line_id" integer NOT NULL,
	"commodity_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"freight_fen" bigint NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"task_id" integer NOT NULL,
	"plan_id" integer,
	"supplier_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invoice_type" text NOT NULL,
	"tax_rate_percent" integer NOT NULL,
	"goods_fen" bigint NOT NULL,
	"freight_fen" bigint NOT NULL,
	"total_fen" bigint NOT NULL,
	"ordered_quantity" bigint NOT NULL,
	"received_quantity" bigint DEFAULT 0 NOT NULL,
	"delivery_region_code" text NOT NULL,
	"required_by" date,
	"close_reason" text,
	"confirmed_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_receipt_lines" (
	"receipt_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"received_on" date NOT NULL,
	"remark" text,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "planning_task_lines" ADD COLUMN "ordered_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "planning_task_lines" ADD COLUMN "received_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "planning_tasks" ADD COLUMN "progress_quantity" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_task_line_id_procurement_task_lines_id_fk" FOREIGN KEY ("task_line_id") REFERENCES "public"."procurement_task_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_task_id_procurement_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."procurement_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_buyer_id_back_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_receipt_id_purchase_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."purchase_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_created_by_back_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("order_id","sort");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_task_line_idx" ON "purchase_order_lines" USING btree ("task_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_code_unique" ON "purchase_orders" USING btree ("code");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_idx" ON "purchase_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("status","required_by");--> statement-breakpoint
CREATE INDEX "purchase_orders_buyer_idx" ON "purchase_orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_task_idx" ON "purchase_orders" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_search_trgm" ON "purchase_orders" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchase_receipt_lines_receipt_idx" ON "purchase_receipt_lines" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "purchase_receipts_order_idx" ON "purchase_receipts" USING btree ("order_id","id");--> statement-breakpoint
-- hand-written
-- Plans awarded before orders existed keep the progress they had: their lines have no orders, so
-- their progress quantity is the awarded one. Statuses are left as they are.
UPDATE "planning_tasks" SET "progress_quantity" = "awarded_quantity";
