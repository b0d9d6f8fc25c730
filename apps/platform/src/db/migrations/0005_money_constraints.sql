ALTER TABLE "accounts" ADD CONSTRAINT "accounts_balance_allowed" CHECK ("accounts"."allow_negative" or "accounts"."balance" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0);--> statement-breakpoint
ALTER TABLE "machine_transfers" ADD CONSTRAINT "machine_transfers_amount_positive" CHECK ("machine_transfers"."amount" > 0);--> statement-breakpoint
ALTER TABLE "machine_transfers" ADD CONSTRAINT "machine_transfers_direction" CHECK ("machine_transfers"."direction" in ('in', 'out'));--> statement-breakpoint
ALTER TABLE "machine_transfers" ADD CONSTRAINT "machine_transfers_status" CHECK ("machine_transfers"."status" in ('reserved', 'posted', 'voided'));--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_status" CHECK ("machines"."status" in ('idle', 'reserved', 'playing', 'bonus', 'waiting', 'cashout', 'error', 'offline'));--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_kind" CHECK ("promotion_claims"."kind" in ('discount', 'bonus', 'weekly'));--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_amount_positive" CHECK ("promotion_claims"."amount" > 0);--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_amount_positive" CHECK ("transfers"."amount" > 0);--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_two_accounts" CHECK ("transfers"."from_account_id" <> "transfers"."to_account_id");--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_status" CHECK ("transfers"."status" in ('posted'));--> statement-breakpoint
ALTER TABLE "weekly_bonus_payouts" ADD CONSTRAINT "weekly_bonus_payouts_split" CHECK ("weekly_bonus_payouts"."to_wallet" >= 0 and "weekly_bonus_payouts"."excess" >= 0 and "weekly_bonus_payouts"."amount" = "weekly_bonus_payouts"."to_wallet" + "weekly_bonus_payouts"."excess");--> statement-breakpoint
ALTER TABLE "weekly_bonus_wagers" ADD CONSTRAINT "weekly_bonus_wagers_status" CHECK ("weekly_bonus_wagers"."status" in ('open', 'closed'));--> statement-breakpoint
ALTER TABLE "weekly_bonus_wagers" ADD CONSTRAINT "weekly_bonus_wagers_amounts" CHECK ("weekly_bonus_wagers"."bonus" > 0 and "weekly_bonus_wagers"."cap" >= 0 and "weekly_bonus_wagers"."paid_out" >= 0 and "weekly_bonus_wagers"."excess" >= 0);--> statement-breakpoint
-- Ledger transfers and their entries are immutable (docs/ledger.md): the database refuses to change or
-- remove them, whatever code asks. A correction is a new transfer.
CREATE FUNCTION "reelcast_refuse_ledger_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % refused: ledger rows are immutable', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "transfers_immutable" BEFORE UPDATE OR DELETE ON "transfers" FOR EACH ROW EXECUTE FUNCTION "reelcast_refuse_ledger_change"();--> statement-breakpoint
CREATE TRIGGER "transfers_not_truncated" BEFORE TRUNCATE ON "transfers" FOR EACH STATEMENT EXECUTE FUNCTION "reelcast_refuse_ledger_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_immutable" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "reelcast_refuse_ledger_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_not_truncated" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "reelcast_refuse_ledger_change"();--> statement-breakpoint
-- Accounts and machine transfers are never removed.
CREATE FUNCTION "reelcast_refuse_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % refused: % are never removed', TG_OP, TG_TABLE_NAME, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_not_deleted" BEFORE DELETE ON "accounts" FOR EACH ROW EXECUTE FUNCTION "reelcast_refuse_removal"();--> statement-breakpoint
CREATE TRIGGER "accounts_not_truncated" BEFORE TRUNCATE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION "reelcast_refuse_removal"();--> statement-breakpoint
CREATE TRIGGER "machine_transfers_not_deleted" BEFORE DELETE ON "machine_transfers" FOR EACH ROW EXECUTE FUNCTION "reelcast_refuse_removal"();--> statement-breakpoint
CREATE TRIGGER "machine_transfers_not_truncated" BEFORE TRUNCATE ON "machine_transfers" FOR EACH STATEMENT EXECUTE FUNCTION "reelcast_refuse_removal"();--> statement-breakpoint
-- An account stays what it was opened as: only its balance (the cache of its entries) changes.
CREATE FUNCTION "reelcast_account_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."id", NEW."code", NEW."player_id", NEW."currency", NEW."allow_negative", NEW."created_at")
     IS DISTINCT FROM (OLD."id", OLD."code", OLD."player_id", OLD."currency", OLD."allow_negative", OLD."created_at") THEN
    RAISE EXCEPTION 'account %: only the balance may change', OLD."code" USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_balance_only" BEFORE UPDATE ON "accounts" FOR EACH ROW EXECUTE FUNCTION "reelcast_account_update"();--> statement-breakpoint
-- A machine transfer's terms never change, and it is resolved once: reserved → posted | voided.
CREATE FUNCTION "reelcast_machine_transfer_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."id", NEW."player_id", NEW."machine_id", NEW."session_id", NEW."direction", NEW."amount", NEW."deadline", NEW."created_at")
     IS DISTINCT FROM (OLD."id", OLD."player_id", OLD."machine_id", OLD."session_id", OLD."direction", OLD."amount", OLD."deadline", OLD."created_at") THEN
    RAISE EXCEPTION 'machine transfer %: its terms are immutable', OLD."id" USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW."status" IS DISTINCT FROM OLD."status" AND OLD."status" <> 'reserved' THEN
    RAISE EXCEPTION 'machine transfer %: % is final', OLD."id", OLD."status" USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "machine_transfers_resolved_once" BEFORE UPDATE ON "machine_transfers" FOR EACH ROW EXECUTE FUNCTION "reelcast_machine_transfer_update"();
