ALTER TABLE "procurement_tasks" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "procurement_tasks" ADD CONSTRAINT "procurement_tasks_created_by_back_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "procurement_tasks_created_by_idx" ON "procurement_tasks" USING btree ("created_by");--> statement-breakpoint
-- hand-written: the creator was read from the task's create audit row until now; carry it over.
UPDATE "procurement_tasks" AS t SET "created_by" = a."user_id"
FROM (
  SELECT DISTINCT ON ("record_id") "record_id", "user_id" FROM "audit_logs"
  WHERE "module" = 'procurement_task' AND "action" = 'create' AND "user_id" IS NOT NULL
  ORDER BY "record_id", "id"
) AS a
WHERE a."record_id" = t."id"::text;
