CREATE TABLE "planning_task_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"commodity_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"budget_unit_price_fen" bigint NOT NULL,
	"required_by" date,
	"remark" text,
	"awarded_quantity" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planning_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"plan_type" text NOT NULL,
	"warehouse" text NOT NULL,
	"period_start" date,
	"period_end" date,
	"required_by" date,
	"owner_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"submitted_by" integer,
	"reject_reason" text,
	"close_reason" text,
	"remark" text,
	"line_count" integer DEFAULT 0 NOT NULL,
	"planned_quantity" bigint DEFAULT 0 NOT NULL,
	"awarded_quantity" bigint DEFAULT 0 NOT NULL,
	"budget_total_fen" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"search_text" text GENERATED ALWAYS AS ("planning_tasks"."code" || ' ' || "planning_tasks"."name") STORED,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planning_tasks_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "planning_task_lines" ADD CONSTRAINT "planning_task_lines_plan_id_planning_tasks_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planning_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_task_lines" ADD CONSTRAINT "planning_task_lines_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_tasks" ADD CONSTRAINT "planning_tasks_owner_id_back_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_tasks" ADD CONSTRAINT "planning_tasks_submitted_by_back_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_tasks" ADD CONSTRAINT "planning_tasks_created_by_back_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_tasks" ADD CONSTRAINT "planning_tasks_updated_by_back_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."back_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planning_task_lines_plan_idx" ON "planning_task_lines" USING btree ("plan_id","sort");--> statement-breakpoint
CREATE INDEX "planning_task_lines_commodity_idx" ON "planning_task_lines" USING btree ("commodity_id");--> statement-breakpoint
CREATE INDEX "planning_tasks_search_trgm" ON "planning_tasks" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "planning_tasks_status_idx" ON "planning_tasks" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "planning_tasks_owner_idx" ON "planning_tasks" USING btree ("owner_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "planning_tasks_updated_idx" ON "planning_tasks" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "planning_tasks_period_idx" ON "planning_tasks" USING btree ("period_start","period_end");