CREATE TABLE "purchase_return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "purchase_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"reason_type" text NOT NULL,
	"replacement" boolean NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"remark" text,
	"dispute_reason" text,
	"cancel_reason" text,
	"shipped_on" date,
	"quantity" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "rejected_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "settled_short_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD COLUMN "rejected_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD COLUMN "reversal_of" integer;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_return_lines" ADD CONSTRAINT "purchase_return_lines_return_id_purchase_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."purchase_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_lines" ADD CONSTRAINT "purchase_return_lines_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_created_by_back_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_return_lines_return_idx" ON "purchase_return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "purchase_return_lines_order_line_idx" ON "purchase_return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_returns_code_unique" ON "purchase_returns" USING btree ("code");--> statement-breakpoint
CREATE INDEX "purchase_returns_order_idx" ON "purchase_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "purchase_returns_supplier_idx" ON "purchase_returns" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_returns_created_idx" ON "purchase_returns" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_reversal_of_purchase_receipts_id_fk" FOREIGN KEY ("reversal_of") REFERENCES "public"."purchase_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_receipt_lines_order_line_idx" ON "purchase_receipt_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_receipts_reversal_of_unique" ON "purchase_receipts" USING btree ("reversal_of");