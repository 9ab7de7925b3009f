ALTER TABLE "procurement_tasks" ADD COLUMN "awarded_by_id" integer;--> statement-breakpoint
ALTER TABLE "procurement_tasks" ADD COLUMN "award_approved_by" text;--> statement-breakpoint
ALTER TABLE "procurement_tasks" ADD COLUMN "award_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "procurement_tasks" ADD COLUMN "unsealed_by" text;--> statement-breakpoint
ALTER TABLE "procurement_tasks" ADD COLUMN "unseal_reason" text;--> statement-breakpoint
ALTER TABLE "procurement_tasks" ADD CONSTRAINT "procurement_tasks_awarded_by_id_back_users_id_fk" FOREIGN KEY ("awarded_by_id") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Tasks opened early before these columns existed: who and why, from the 提前开标 audit row.
UPDATE "procurement_tasks" t SET "unsealed_by" = a."user_name", "unseal_reason" = a."after"->>'reason'
  FROM "audit_logs" a
 WHERE a."module" = 'procurement_task' AND a."action" = 'unseal' AND a."record_id" = t."id"::text;--> statement-breakpoint
-- Awards made before: who made them, from the award's audit row.
UPDATE "procurement_tasks" t SET "awarded_by_id" = a."user_id"
  FROM "audit_logs" a
 WHERE a."module" = 'procurement_task' AND a."action" = 'award' AND a."record_id" = t."id"::text AND t."awarded_at" IS NOT NULL;
