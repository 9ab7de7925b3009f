CREATE TABLE "board_award_lines" (
	"task_line_id" integer PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"awarded_at" timestamp with time zone NOT NULL,
	"awarded_month" date NOT NULL,
	"commodity_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"freight_fen" bigint NOT NULL,
	"average_amount" numeric,
	"budget_amount_fen" bigint
);
--> statement-breakpoint
CREATE TABLE "board_task_facts" (
	"task_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"quote_deadline" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"invited" integer NOT NULL,
	"quoted" integer NOT NULL,
	"category_ids" integer[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "board_award_lines_awarded_idx" ON "board_award_lines" USING btree ("awarded_at");--> statement-breakpoint
CREATE INDEX "board_award_lines_task_idx" ON "board_award_lines" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "board_award_lines_category_idx" ON "board_award_lines" USING btree ("category_id","awarded_at");--> statement-breakpoint
CREATE INDEX "board_task_facts_deadline_idx" ON "board_task_facts" USING btree ("quote_deadline");--> statement-breakpoint
CREATE INDEX "board_task_facts_completed_idx" ON "board_task_facts" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "board_task_facts_categories_idx" ON "board_task_facts" USING gin ("category_ids");