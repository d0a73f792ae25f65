-- Each account's reminders (issue 28): when the evening summary comes
-- (HH:MM; NULL: off), the quiet hours, and how long before a task's time
-- its reminder comes ('0', '15m', '1h', '1d').
ALTER TABLE users ADD COLUMN summary_at TEXT DEFAULT '19:00';
ALTER TABLE users ADD COLUMN quiet_from TEXT NOT NULL DEFAULT '22:00';
ALTER TABLE users ADD COLUMN quiet_until TEXT NOT NULL DEFAULT '07:00';
ALTER TABLE users ADD COLUMN reminder_lead TEXT NOT NULL DEFAULT '0';
