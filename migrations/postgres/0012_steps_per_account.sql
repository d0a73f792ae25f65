-- A checklist's steps counted per account, for its quota (issue 26).
CREATE INDEX steps_user ON steps (user_id);
