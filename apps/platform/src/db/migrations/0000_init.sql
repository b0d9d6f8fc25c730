CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"player_id" integer,
	"currency" text DEFAULT 'TRY' NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" integer,
	"username" text NOT NULL,
	"type" text NOT NULL,
	"ip" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"jackpot" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"reservation_player_id" integer,
	"reservation_until" timestamp with time zone,
	"address" text,
	"video" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'player' NOT NULL,
	"group_id" integer DEFAULT 1 NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photo_url" text DEFAULT '' NOT NULL,
	"shortcuts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pin_code" text,
	"allowed_ips" jsonb,
	"banned_at" timestamp with time zone,
	"ban_reason" text,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"failed_window_start" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	"last_logon_at" timestamp with time zone,
	"last_logon_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"action" integer NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'posted' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_reservation_player_id_players_id_fk" FOREIGN KEY ("reservation_player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_account_id_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_account_id_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_code" ON "accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "accounts_player" ON "accounts" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "audit_log_player" ON "audit_log" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "auth_sessions_player" ON "auth_sessions" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name" ON "brands" USING btree ("name");--> statement-breakpoint
CREATE INDEX "ledger_entries_account" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "machines_brand" ON "machines" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "players_username_lower" ON "players" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "players_email_lower" ON "players" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_idempotency_key" ON "transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "transfers_from" ON "transfers" USING btree ("from_account_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_to" ON "transfers" USING btree ("to_account_id","created_at");