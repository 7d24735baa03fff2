-- "Daily reminders" (Preferences) now switches the daily reading reminder on and off, which
-- "Study reminders" did before (issue 22). A member who had turned study reminders off never
-- got the daily reading reminder: it stays off for them, under its new switch.
UPDATE "user"
SET preferences = preferences || '{"dailyReminders": false}'::jsonb
WHERE preferences ->> 'studyReminders' = 'false';
