-- The e-mail outbox: every e-mail Carta sends is queued here, in the same
-- transaction as what caused it, and sent by the mail worker with retries.
-- Without SMTP configured (demo) messages stay pending for the super admin.
CREATE TABLE outbox (
    id              BIGSERIAL PRIMARY KEY,
    kind            TEXT    NOT NULL,
    to_addr         TEXT    NOT NULL,
    subject         TEXT    NOT NULL,
    body_text       TEXT    NOT NULL DEFAULT '',
    body_html       TEXT    NOT NULL DEFAULT '',
    status          TEXT    NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT  NOT NULL,
    last_error      TEXT    NOT NULL DEFAULT '',
    created_at      BIGINT  NOT NULL,
    sent_at         BIGINT  NOT NULL DEFAULT 0
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_created ON outbox (created_at);
