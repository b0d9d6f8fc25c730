CREATE TABLE "money_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"player_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by_id" integer NOT NULL,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" integer,
	"decided_by" text,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"transfer_id" uuid,
	CONSTRAINT "money_requests_kind" CHECK ("money_requests"."kind" in ('deposit', 'withdraw')),
	CONSTRAINT "money_requests_status_value" CHECK ("money_requests"."status" in ('pending', 'posted', 'rejected')),
	CONSTRAINT "money_requests_amount" CHECK ("money_requests"."amount" > 0),
	CONSTRAINT "money_requests_posted" CHECK (("money_requests"."status" = 'posted') = ("money_requests"."transfer_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_requested_by_id_players_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_decided_by_id_players_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_requests_key" ON "money_requests" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "money_requests_status" ON "money_requests" USING btree ("status","created_at");