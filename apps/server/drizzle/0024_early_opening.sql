ALTER TABLE "procurement_tasks" ADD COLUMN "unsealed_by" text;--> statement-breakpoint
ALTER TABLE "procurement_tasks" ADD COLUMN "unseal_reason" text;--> statement-breakpoint
-- Tasks opened early before these columns existed: who and why, from the 提前开标 audit row.
UPDATE "procurement_tasks" t SET "unsealed_by" = a."user_name", "unseal_reason" = a."after"->>'reason'
  FROM "audit_logs" a
 WHERE a."module" = 'procurement_task' AND a."action" = 'unseal' AND a."record_id" = t."id"::text;
