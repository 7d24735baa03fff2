CREATE TABLE "reminder_schedule" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"next_due" timestamp with time zone NOT NULL,
	"local_day" date,
	"time_zone" text,
	"local_time" text,
	CONSTRAINT "reminder_schedule_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "reminder_schedule" ADD CONSTRAINT "reminder_schedule_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_schedule_due_idx" ON "reminder_schedule" USING btree ("next_due");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
-- Backfill (ADR 0045): a row "still to be computed" (local_day null, due at the epoch) for every
-- reminder kind of every age-verified member. The zone arithmetic is the app's (Intl, daylight
-- saving included), so the first scheduler tick after the upgrade computes each row's instant
-- from the member's settings, and drops the rows of kinds the member does not want.
INSERT INTO "reminder_schedule" ("user_id", "kind", "next_due")
SELECT u."id", k."kind", 'epoch'::timestamptz
FROM "user" u
CROSS JOIN (VALUES ('dailyReading'), ('memoryDue'), ('streakAtRisk'), ('prayer'), ('weeklyProgress')) AS k("kind")
WHERE u."age_verified"
ON CONFLICT DO NOTHING;
