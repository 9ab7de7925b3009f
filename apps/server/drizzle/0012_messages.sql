CREATE TABLE "message_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"session_token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient_user_id" integer,
	"recipient_account_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_one_recipient" CHECK (num_nonnulls("messages"."recipient_user_id", "messages"."recipient_account_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "message_tickets" ADD CONSTRAINT "message_tickets_session_token_hash_sessions_token_hash_fk" FOREIGN KEY ("session_token_hash") REFERENCES "public"."sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_user_id_back_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."back_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_tickets_expires_idx" ON "message_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("recipient_user_id","id");--> statement-breakpoint
CREATE INDEX "messages_user_unread_idx" ON "messages" USING btree ("recipient_user_id") WHERE "messages"."read_at" is null;