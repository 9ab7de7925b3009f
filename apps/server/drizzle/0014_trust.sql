ALTER TABLE "back_users" ADD COLUMN "credentials_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "credentials_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "planning_tasks" ADD COLUMN "round_owner_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- hand-written
-- Plans under way: their current owner is the round's first owner (four-eyes).
UPDATE "planning_tasks" SET "round_owner_ids" = ARRAY["owner_id"] WHERE "round_owner_ids" = '{}';
