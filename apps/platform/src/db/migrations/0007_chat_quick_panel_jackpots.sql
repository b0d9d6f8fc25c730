CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"body" text NOT NULL,
	"client_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_body_length" CHECK (char_length("chat_messages"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "chat_presence" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'online' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_presence_status" CHECK ("chat_presence"."status" in ('online', 'do-not-disturb', 'away', 'offline'))
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"chat_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"last_read_message_id" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_reads_chat_id_reader_id_pk" PRIMARY KEY("chat_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"low_player_id" integer NOT NULL,
	"high_player_id" integer NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chats_pair_ordered" CHECK ("chats"."low_player_id" < "chats"."high_player_id")
);
--> statement-breakpoint
CREATE TABLE "jackpot_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"meter_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"amount" bigint NOT NULL,
	"machine_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"session_id" uuid,
	"transfer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpot_hits_amount_positive" CHECK ("jackpot_hits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "jackpot_meters" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"tier" integer NOT NULL,
	"name" text NOT NULL,
	"seed" bigint NOT NULL,
	"ceiling" bigint NOT NULL,
	"contribution_basis_points" integer NOT NULL,
	"value" bigint NOT NULL,
	"carry" integer DEFAULT 0 NOT NULL,
	"trigger_at" bigint NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpot_meters_bounds" CHECK ("jackpot_meters"."seed" > 0 and "jackpot_meters"."seed" <= "jackpot_meters"."trigger_at" and "jackpot_meters"."trigger_at" <= "jackpot_meters"."ceiling"),
	CONSTRAINT "jackpot_meters_value" CHECK ("jackpot_meters"."value" >= "jackpot_meters"."seed"),
	CONSTRAINT "jackpot_meters_carry" CHECK ("jackpot_meters"."carry" >= 0 and "jackpot_meters"."carry" < 10000),
	CONSTRAINT "jackpot_meters_contribution" CHECK ("jackpot_meters"."contribution_basis_points" >= 0 and "jackpot_meters"."contribution_basis_points" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "machine_play_counters" (
	"machine_id" integer PRIMARY KEY NOT NULL,
	"spins" integer NOT NULL,
	"total_bet" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"title" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presence_connections" (
	"instance_id" text NOT NULL,
	"player_id" integer NOT NULL,
	"sockets" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presence_connections_instance_id_player_id_pk" PRIMARY KEY("instance_id","player_id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_players_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_presence" ADD CONSTRAINT "chat_presence_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_reader_id_players_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_low_player_id_players_id_fk" FOREIGN KEY ("low_player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_high_player_id_players_id_fk" FOREIGN KEY ("high_player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_hits" ADD CONSTRAINT "jackpot_hits_meter_id_jackpot_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."jackpot_meters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_hits" ADD CONSTRAINT "jackpot_hits_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_hits" ADD CONSTRAINT "jackpot_hits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_hits" ADD CONSTRAINT "jackpot_hits_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_meters" ADD CONSTRAINT "jackpot_meters_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_play_counters" ADD CONSTRAINT "machine_play_counters_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence_connections" ADD CONSTRAINT "presence_connections_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_chat" ON "chat_messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id" ON "chat_messages" USING btree ("sender_id","client_message_id") WHERE "chat_messages"."client_message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_pair" ON "chats" USING btree ("low_player_id","high_player_id");--> statement-breakpoint
CREATE INDEX "chats_high" ON "chats" USING btree ("high_player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_hits_seq" ON "jackpot_hits" USING btree ("meter_id","seq");--> statement-breakpoint
CREATE INDEX "jackpot_hits_player" ON "jackpot_hits" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_meters_brand_tier" ON "jackpot_meters" USING btree ("brand_id","tier");--> statement-breakpoint
CREATE INDEX "operator_events_published" ON "operator_events" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "player_notes_player" ON "player_notes" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "presence_connections_player" ON "presence_connections" USING btree ("player_id","seen_at");