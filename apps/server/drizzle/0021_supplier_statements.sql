CREATE TABLE "supplier_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_code" text DEFAULT '' NOT NULL,
	"invoice_type" text NOT NULL,
	"tax_rate_percent" integer NOT NULL,
	"issue_date" date NOT NULL,
	"seller_tax_id" text NOT NULL,
	"buyer_tax_id" text NOT NULL,
	"amount_excl_tax_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"amount_incl_tax_fen" bigint NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"submitted_by" text NOT NULL,
	"created_by" integer,
	"portal_account_id" integer,
	"void_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_statement_exceptions" (
	"statement_id" integer NOT NULL,
	"key" text NOT NULL,
	"sort" integer NOT NULL,
	"kind" text NOT NULL,
	"invoice_type" text NOT NULL,
	"tax_rate_percent" integer NOT NULL,
	"expected_fen" bigint NOT NULL,
	"actual_fen" bigint NOT NULL,
	"real_cost_impact_fen" bigint NOT NULL,
	"detail" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "supplier_statement_exceptions_statement_id_key_pk" PRIMARY KEY("statement_id","key")
);
--> statement-breakpoint
CREATE TABLE "supplier_statement_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer,
	"receipt_id" integer,
	"receipt_line_id" integer,
	"return_id" integer,
	"return_line_id" integer,
	"date" date NOT NULL,
	"sku_code" text,
	"commodity_name" text,
	"quantity" integer,
	"unit_price_fen" bigint,
	"amount_fen" bigint NOT NULL,
	"invoice_type" text NOT NULL,
	"tax_rate_percent" integer NOT NULL,
	"dispute_note" text
);
--> statement-breakpoint
CREATE TABLE "supplier_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"goods_fen" bigint DEFAULT 0 NOT NULL,
	"freight_fen" bigint DEFAULT 0 NOT NULL,
	"returns_fen" bigint DEFAULT 0 NOT NULL,
	"total_fen" bigint DEFAULT 0 NOT NULL,
	"remark" text,
	"created_by" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"canonical_content" text,
	"receipt_sha256" text,
	"dispute_reason" text,
	"cancel_reason" text,
	"match_result" text,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"paid_on" date,
	"paid_amount_fen" bigint,
	"payment_ref" text,
	"payment_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_statement_id_supplier_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."supplier_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_created_by_back_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_portal_account_id_portal_accounts_id_fk" FOREIGN KEY ("portal_account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_statement_exceptions" ADD CONSTRAINT "supplier_statement_exceptions_statement_id_supplier_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."supplier_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_statement_exceptions" ADD CONSTRAINT "supplier_statement_exceptions_resolved_by_back_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_statement_movements" ADD CONSTRAINT "supplier_statement_movements_statement_id_supplier_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."supplier_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_statement_movements" ADD CONSTRAINT "supplier_statement_movements_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_statements" ADD CONSTRAINT "supplier_statements_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_statements" ADD CONSTRAINT "supplier_statements_created_by_back_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_statements" ADD CONSTRAINT "supplier_statements_approved_by_back_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_invoices_number_unique" ON "supplier_invoices" USING btree ("invoice_code","invoice_number");--> statement-breakpoint
CREATE INDEX "supplier_invoices_statement_idx" ON "supplier_invoices" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "supplier_statement_movements_statement_idx" ON "supplier_statement_movements" USING btree ("statement_id","id");--> statement-breakpoint
CREATE INDEX "supplier_statement_movements_receipt_idx" ON "supplier_statement_movements" USING btree ("receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_statement_movements_receipt_live" ON "supplier_statement_movements" USING btree ("receipt_line_id") WHERE "supplier_statement_movements"."live" and "supplier_statement_movements"."kind" in ('receipt', 'reversal');--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_statement_movements_return_live" ON "supplier_statement_movements" USING btree ("return_id","order_line_id") WHERE "supplier_statement_movements"."live" and "supplier_statement_movements"."kind" = 'return';--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_statement_movements_freight_live" ON "supplier_statement_movements" USING btree ("order_id") WHERE "supplier_statement_movements"."live" and "supplier_statement_movements"."kind" = 'freight';--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_statements_code_unique" ON "supplier_statements" USING btree ("code");--> statement-breakpoint
CREATE INDEX "supplier_statements_created_idx" ON "supplier_statements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "supplier_statements_supplier_idx" ON "supplier_statements" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "supplier_statements_status_idx" ON "supplier_statements" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "supplier_statements_creator_idx" ON "supplier_statements" USING btree ("created_by","created_at");