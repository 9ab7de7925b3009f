CREATE TABLE "clarifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"account_id" integer,
	"question" text NOT NULL,
	"answer" text,
	"asked_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"password_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"activation_token_hash" text,
	"activation_expires_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"last_login_ip" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "portal_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "quotation_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"entered_by_buyer" boolean NOT NULL,
	"account_id" integer,
	"user_id" integer,
	"receipt_sha256" text NOT NULL,
	"content" text,
	"sealed_content" text
);
--> statement-breakpoint
ALTER TABLE "procurement_tasks" ADD COLUMN "sealed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "procurement_tasks" ADD COLUMN "unsealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "submitted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "entered_by_buyer" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_task_id_procurement_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."procurement_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_account_id_portal_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_answered_by_back_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."back_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_accounts" ADD CONSTRAINT "portal_accounts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_account_id_portal_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_revisions" ADD CONSTRAINT "quotation_revisions_task_id_procurement_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."procurement_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_revisions" ADD CONSTRAINT "quotation_revisions_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_revisions" ADD CONSTRAINT "quotation_revisions_account_id_portal_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_revisions" ADD CONSTRAINT "quotation_revisions_user_id_back_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."back_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clarifications_task_idx" ON "clarifications" USING btree ("task_id","asked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_accounts_email_unique" ON "portal_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "portal_accounts_activation_unique" ON "portal_accounts" USING btree ("activation_token_hash");--> statement-breakpoint
CREATE INDEX "portal_accounts_supplier_idx" ON "portal_accounts" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "portal_login_attempts_email_idx" ON "portal_login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "portal_login_attempts_ip_idx" ON "portal_login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "portal_sessions_account_idx" ON "portal_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_revisions_unique" ON "quotation_revisions" USING btree ("task_id","supplier_id","revision");--> statement-breakpoint
-- hand-written
-- Tasks published before sealing existed were quoted in the open: their prices are already readable.
UPDATE "procurement_tasks" SET "sealed" = false WHERE "status" <> 'draft';--> statement-breakpoint
UPDATE "quotations" SET "submitted_at" = "updated_at";
