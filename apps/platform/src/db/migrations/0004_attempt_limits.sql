CREATE TABLE "attempt_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
-- Wrong-password counts and blocks in progress move over, so an upgrade does not lift a block.
INSERT INTO "attempt_limits" ("key", "attempts", "failures", "window_start", "blocked_until")
SELECT 'login:' || "id", "failed_logins", "failed_logins", coalesce("failed_window_start", now()), "blocked_until"
FROM "players"
WHERE "failed_logins" > 0 OR "blocked_until" > now();--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "failed_window_start";--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "blocked_until";