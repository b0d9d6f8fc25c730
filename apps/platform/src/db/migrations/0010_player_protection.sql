CREATE TABLE "protection_exclusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protection_exclusions_kind" CHECK ("protection_exclusions"."kind" in ('time-out', 'self-exclusion')),
	CONSTRAINT "protection_exclusions_span" CHECK ("protection_exclusions"."ends_at" > "protection_exclusions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "protection_limits" (
	"player_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" bigint,
	"has_pending" boolean DEFAULT false NOT NULL,
	"pending_value" bigint,
	"pending_since" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "protection_limits_player_id_key_pk" PRIMARY KEY("player_id","key"),
	CONSTRAINT "protection_limits_positive" CHECK (("protection_limits"."value" is null or "protection_limits"."value" > 0) and ("protection_limits"."pending_value" is null or "protection_limits"."pending_value" > 0)),
	CONSTRAINT "protection_limits_pending" CHECK ("protection_limits"."has_pending" = ("protection_limits"."pending_since" is not null))
);
--> statement-breakpoint
ALTER TABLE "protection_exclusions" ADD CONSTRAINT "protection_exclusions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_limits" ADD CONSTRAINT "protection_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protection_exclusions_player" ON "protection_exclusions" USING btree ("player_id","ends_at");--> statement-breakpoint
CREATE FUNCTION "reelcast_refuse_exclusion_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % refused: a time-out or self-exclusion is never shortened or removed', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "protection_exclusions_immutable" BEFORE UPDATE OR DELETE ON "protection_exclusions" FOR EACH ROW EXECUTE FUNCTION "reelcast_refuse_exclusion_change"();--> statement-breakpoint
CREATE TRIGGER "protection_exclusions_not_truncated" BEFORE TRUNCATE ON "protection_exclusions" FOR EACH STATEMENT EXECUTE FUNCTION "reelcast_refuse_exclusion_change"();
