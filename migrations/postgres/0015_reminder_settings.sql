-- Each account's reminders (issue 28): when the evening summary comes
-- (NULL: off), the quiet hours, and how long before a task's time its
-- reminder comes ('0', '15m', '1h', '1d').
ALTER TABLE users
    ADD COLUMN summary_at    TIME DEFAULT '19:00',
    ADD COLUMN quiet_from    TIME NOT NULL DEFAULT '22:00',
    ADD COLUMN quiet_until   TIME NOT NULL DEFAULT '07:00',
    ADD COLUMN reminder_lead TEXT NOT NULL DEFAULT '0';
