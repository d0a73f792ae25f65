-- Where each failed sign-in came from: attempts are throttled per name and
-- address, so a classmate's guesses lock their own phone, not the owner.
ALTER TABLE failed_sign_ins ADD COLUMN client TEXT NOT NULL DEFAULT '';
CREATE INDEX failed_sign_ins_client ON failed_sign_ins (username, client, attempted_at);
