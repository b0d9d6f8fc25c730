CREATE TABLE "machine_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"session_id" uuid,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "slot_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"cash_in" bigint DEFAULT 0 NOT NULL,
	"cash_out" bigint DEFAULT 0 NOT NULL,
	"spins" integer DEFAULT 0 NOT NULL,
	"total_bet" bigint DEFAULT 0 NOT NULL,
	"total_won" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "machine_transfers" ADD CONSTRAINT "machine_transfers_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_transfers" ADD CONSTRAINT "machine_transfers_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_sessions" ADD CONSTRAINT "slot_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_sessions" ADD CONSTRAINT "slot_sessions_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "machine_transfers_open" ON "machine_transfers" USING btree ("status","deadline");--> statement-breakpoint
CREATE INDEX "machine_transfers_player" ON "machine_transfers" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "slot_sessions_player" ON "slot_sessions" USING btree ("player_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "slot_sessions_open_machine" ON "slot_sessions" USING btree ("machine_id") WHERE "slot_sessions"."ended_at" is null;