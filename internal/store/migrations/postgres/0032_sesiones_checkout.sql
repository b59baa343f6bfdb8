-- Hosted checkout sessions as internal/checkout records them when a kind of
-- purchase creates one: tipo is the kind ('cupon' a coupon purchase,
-- 'pedido' an online order; next 'cuenta', a table's tab), referencia the
-- kind's own id of the purchase (compras.id, pedidos.id), cliente_id the
-- restaurant whose webhook secret verifies the provider's events. A
-- confirmation looks the session up here and goes to its kind's handler.
-- Sessions created before this table (no row) are still found by each
-- kind's own column (compras/pedidos.checkout_session_id).
CREATE TABLE sesiones_checkout (
    session_id TEXT    PRIMARY KEY,
    tipo       TEXT    NOT NULL,
    referencia BIGINT  NOT NULL,
    cliente_id BIGINT  NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    created_at BIGINT  NOT NULL
);
CREATE INDEX sesiones_checkout_referencia ON sesiones_checkout (tipo, referencia);
CREATE INDEX sesiones_checkout_cliente ON sesiones_checkout (cliente_id);
