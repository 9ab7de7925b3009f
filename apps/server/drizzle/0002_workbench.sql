CREATE TABLE "page_visits" (
	"user_id" integer NOT NULL,
	"page_key" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_visited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "page_visits_user_id_page_key_pk" PRIMARY KEY("user_id","page_key")
);
--> statement-breakpoint
ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_user_id_back_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."back_users"("id") ON DELETE cascade ON UPDATE no action;