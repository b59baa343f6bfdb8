-- Sign-in and sign-up throttling by reservation: every attempt takes one
-- unit of its keys' budget BEFORE the password is checked (one conditional
-- write per key), so at most `limit` attempts are evaluated per window
-- whatever the concurrency. strikes counts consecutive windows that went
-- over the limit; for keys with backoff each strike doubles the next window.
DROP TABLE login_throttle;
CREATE TABLE throttle (
    key        TEXT    PRIMARY KEY,
    attempts   INTEGER NOT NULL,
    window_end BIGINT  NOT NULL,
    strikes    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX throttle_window_end ON throttle (window_end);
