CREATE TABLE "hand_pays" (
	"id" text PRIMARY KEY NOT NULL,
	"machine_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" text,
	CONSTRAINT "hand_pays_amount_positive" CHECK ("hand_pays"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "hand_pays" ADD CONSTRAINT "hand_pays_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_pays" ADD CONSTRAINT "hand_pays_session_id_slot_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."slot_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hand_pays_waiting" ON "hand_pays" USING btree ("machine_id") WHERE "hand_pays"."confirmed_at" is null;