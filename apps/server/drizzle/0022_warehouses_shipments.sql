CREATE TABLE "shipment_lines" (
	"shipment_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"received_quantity" integer
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"status" text DEFAULT 'in_transit' NOT NULL,
	"ship_date" date NOT NULL,
	"expected_arrival" date NOT NULL,
	"delivery_note_no" text NOT NULL,
	"carrier" text,
	"vehicle_plate" text,
	"driver_phone" text,
	"remark" text,
	"created_by_side" text NOT NULL,
	"created_by_name" text,
	"cancel_reason" text,
	"receipt_id" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_info" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"credit_code" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"region_code" text NOT NULL,
	"address" text NOT NULL,
	"consignee" text NOT NULL,
	"phone" text NOT NULL,
	"receiving_hours" text,
	"status" text DEFAULT 'enabled' NOT NULL,
	"remark" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "procurement_tasks" ADD COLUMN "warehouse_code" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "promised_date" date;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "confirmed_by_name" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "confirm_channel" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "confirm_remark" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD COLUMN "shipment_id" integer;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_lines_shipment_idx" ON "shipment_lines" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipment_lines_order_line_idx" ON "shipment_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_code_unique" ON "shipments" USING btree ("code");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "shipments_supplier_idx" ON "shipments" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "shipments_expected_idx" ON "shipments" USING btree ("status","expected_arrival");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_code_unique" ON "warehouses" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_unique" ON "warehouses" USING btree ("name");--> statement-breakpoint
CREATE INDEX "warehouses_status_idx" ON "warehouses" USING btree ("status","sort","id");--> statement-breakpoint
CREATE INDEX "warehouses_search_trgm" ON "warehouses" USING gin (("code" || ' ' || "name" || ' ' || "address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchase_receipts_shipment_idx" ON "purchase_receipts" USING btree ("shipment_id");