CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"path" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "data_scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "planning_tasks" ADD COLUMN "line_editor_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "procurement_task_lines" ADD COLUMN "awarded_quantity" integer;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
UPDATE "procurement_task_lines" SET "awarded_quantity" = "quantity" WHERE "awarded_supplier_id" IS NOT NULL;
