CREATE TABLE "mail_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"player_id" integer,
	"email" text NOT NULL,
	"registration" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "mail_tokens_kind" CHECK ("mail_tokens"."kind" in ('register', 'reset')),
	CONSTRAINT "mail_tokens_kind_fields" CHECK (("mail_tokens"."kind" = 'reset' and "mail_tokens"."player_id" is not null) or ("mail_tokens"."kind" = 'register' and "mail_tokens"."registration" is not null))
);
--> statement-breakpoint
ALTER TABLE "mail_tokens" ADD CONSTRAINT "mail_tokens_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_tokens_hash" ON "mail_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_tokens_one_live_reset" ON "mail_tokens" USING btree ("player_id") WHERE "mail_tokens"."kind" = 'reset' and "mail_tokens"."used_at" is null;--> statement-breakpoint
CREATE INDEX "mail_tokens_email" ON "mail_tokens" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "mail_tokens_expires" ON "mail_tokens" USING btree ("expires_at");