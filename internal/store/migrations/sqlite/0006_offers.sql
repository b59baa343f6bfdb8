-- Card on file for platform fees, the fee ledger and processed webhook
-- events (idempotency).
CREATE TABLE tarjetas (
    cliente_id        INTEGER PRIMARY KEY REFERENCES clientes (id) ON DELETE CASCADE,
    provider          TEXT    NOT NULL,
    customer_id       TEXT    NOT NULL DEFAULT '',
    payment_method_id TEXT    NOT NULL DEFAULT '',
    brand             TEXT    NOT NULL DEFAULT '',
    last4             TEXT    NOT NULL DEFAULT '',
    updated_at        BIGINT  NOT NULL
);

ALTER TABLE clientes ADD COLUMN billing_customer_id TEXT NOT NULL DEFAULT '';

-- One platform fee per coupon sold (compra_id is unique): charged by the
-- fee job through the billing provider with an idempotency key.
CREATE TABLE fees (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    compra_id       INTEGER NOT NULL UNIQUE REFERENCES compras (id) ON DELETE CASCADE,
    cliente_id      INTEGER NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    amount          BIGINT  NOT NULL CHECK (amount > 0),
    currency        TEXT    NOT NULL,
    estado          TEXT    NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente', 'cobrado', 'fallido')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT  NOT NULL DEFAULT 0,
    charge_id       TEXT    NOT NULL DEFAULT '',
    last_error      TEXT    NOT NULL DEFAULT '',
    created_at      BIGINT  NOT NULL,
    charged_at      BIGINT  NOT NULL DEFAULT 0
);
CREATE INDEX fees_due ON fees (estado, next_attempt_at);
CREATE INDEX fees_cliente ON fees (cliente_id, created_at);

CREATE TABLE webhook_events (
    provider    TEXT   NOT NULL,
    event_id    TEXT   NOT NULL,
    received_at BIGINT NOT NULL,
    PRIMARY KEY (provider, event_id)
);

CREATE INDEX compras_pendientes ON compras (estado, expires_at);
