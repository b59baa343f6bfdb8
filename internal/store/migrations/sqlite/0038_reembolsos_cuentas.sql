-- Refunds of tab payments (issue 31): a tab payment owed back in part
-- (cuenta_pagos.reembolso: a late payment for what others had paid
-- meanwhile, or an order cancelled after the tab was paid) is refunded
-- through the provider like an order, under the new kind 'cuenta'
-- (objeto_id is the cuenta_pagos id). SQLite cannot change a CHECK
-- constraint, so reembolsos is rebuilt.
CREATE TABLE reembolsos_new (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    cliente_id     INTEGER   NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    tipo           TEXT    NOT NULL CHECK (tipo IN ('pedido', 'compra', 'cuenta')),
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
INSERT INTO reembolsos_new (id, cliente_id, tipo, objeto_id, payment_id, proveedor, monto, moneda, clave, estado, proveedor_id, codigo, motivo,
        definitivo, intentos, siguiente_at, created_at, updated_at, reembolsado_at)
    SELECT id, cliente_id, tipo, objeto_id, payment_id, proveedor, monto, moneda, clave, estado, proveedor_id, codigo, motivo,
        definitivo, intentos, siguiente_at, created_at, updated_at, reembolsado_at FROM reembolsos;
DROP TABLE reembolsos;
ALTER TABLE reembolsos_new RENAME TO reembolsos;
CREATE INDEX reembolsos_objeto ON reembolsos (tipo, objeto_id);
CREATE INDEX reembolsos_cliente ON reembolsos (cliente_id);
-- At most one refund of a payment in flight, whatever the concurrency.
CREATE UNIQUE INDEX reembolsos_en_curso ON reembolsos (tipo, objeto_id) WHERE estado = 'pendiente';
CREATE INDEX reembolsos_pendientes ON reembolsos (siguiente_at) WHERE estado = 'pendiente';
