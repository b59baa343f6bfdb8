-- Refunds through the payment provider (internal/refunds). One row per
-- refund asked of the provider, or recorded by hand (proveedor 'manual'),
-- for a payment Carta took: a cancelled order (tipo 'pedido') or a coupon
-- purchase that could not be honoured (tipo 'compra'); objeto_id is its id.
-- The row is written before the provider is called, in the transaction that
-- decided the refund; clave is the idempotency key every call for it sends,
-- so a retry after a crash or a time-out never refunds twice.
-- estado: pendiente (to ask, or asked without a final answer; siguiente_at
-- is when the job asks next), reembolsado, or fallido: codigo says why in
-- Carta's words, motivo is the provider's; definitivo means the provider
-- refused (a new attempt is a new row with a new key), otherwise it did not
-- answer and a retry reuses this row's key.
CREATE TABLE reembolsos (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    cliente_id     INTEGER   NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    tipo           TEXT    NOT NULL CHECK (tipo IN ('pedido', 'compra')),
    objeto_id      INTEGER   NOT NULL,
    payment_id     TEXT    NOT NULL,
    proveedor      TEXT    NOT NULL,
    monto          BIGINT  NOT NULL CHECK (monto > 0),
    moneda         TEXT    NOT NULL,
    clave          TEXT    NOT NULL UNIQUE,
    estado         TEXT    NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente', 'reembolsado', 'fallido')),
    proveedor_id   TEXT    NOT NULL DEFAULT '',
    codigo         TEXT    NOT NULL DEFAULT '',
    motivo         TEXT    NOT NULL DEFAULT '',
    definitivo     INTEGER NOT NULL DEFAULT 0,
    intentos       INTEGER NOT NULL DEFAULT 0,
    siguiente_at   BIGINT  NOT NULL DEFAULT 0,
    created_at     BIGINT  NOT NULL,
    updated_at     BIGINT  NOT NULL,
    reembolsado_at BIGINT  NOT NULL DEFAULT 0
);
CREATE INDEX reembolsos_objeto ON reembolsos (tipo, objeto_id);
CREATE INDEX reembolsos_cliente ON reembolsos (cliente_id);
-- At most one refund of a payment in flight, whatever the concurrency.
CREATE UNIQUE INDEX reembolsos_en_curso ON reembolsos (tipo, objeto_id) WHERE estado = 'pendiente';
CREATE INDEX reembolsos_pendientes ON reembolsos (siguiente_at) WHERE estado = 'pendiente';
