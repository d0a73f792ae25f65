-- The server's own keys, the same for every instance: the key that signs
-- device cookies (app/src/ssr/device.rs), made once by the first to start.
CREATE TABLE server_keys (
    name   TEXT PRIMARY KEY,
    secret BLOB NOT NULL
);
