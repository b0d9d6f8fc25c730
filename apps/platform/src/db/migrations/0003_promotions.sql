CREATE TABLE "promotion_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"kind" text NOT NULL,
	"seq" integer NOT NULL,
	"period_key" text,
	"amount" bigint NOT NULL,
	"net_loss" bigint NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"transfer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_bonus_payouts" (
	"transfer_id" text PRIMARY KEY NOT NULL,
	"wager_id" bigint NOT NULL,
	"player_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"to_wallet" bigint NOT NULL,
	"excess" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_bonus_wagers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"claim_id" bigint NOT NULL,
	"bonus" bigint NOT NULL,
	"cap" bigint NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_out" bigint DEFAULT 0 NOT NULL,
	"excess" bigint DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_bonus_payouts" ADD CONSTRAINT "weekly_bonus_payouts_wager_id_weekly_bonus_wagers_id_fk" FOREIGN KEY ("wager_id") REFERENCES "public"."weekly_bonus_wagers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_bonus_payouts" ADD CONSTRAINT "weekly_bonus_payouts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_bonus_wagers" ADD CONSTRAINT "weekly_bonus_wagers_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_bonus_wagers" ADD CONSTRAINT "weekly_bonus_wagers_claim_id_promotion_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."promotion_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claims_seq" ON "promotion_claims" USING btree ("player_id","kind","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claims_period" ON "promotion_claims" USING btree ("player_id","kind","period_key") WHERE "promotion_claims"."period_key" is not null;--> statement-breakpoint
CREATE INDEX "weekly_bonus_payouts_wager" ON "weekly_bonus_payouts" USING btree ("wager_id");--> statement-breakpoint
CREATE INDEX "weekly_bonus_wagers_player" ON "weekly_bonus_wagers" USING btree ("player_id","status");