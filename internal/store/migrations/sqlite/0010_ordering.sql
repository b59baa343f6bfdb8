-- Online ordering for pickup: the restaurant's ordering settings, orders
-- with their lines, the capacity of each 15-minute pickup slot, and the
-- feed of order changes the live boards follow.

-- Clover's own "available" flag, and the owner's "sold out today" (until
-- the restaurant's next midnight, then cleared by the ordering job).
ALTER TABLE productos ADD COLUMN pos_available INTEGER NOT NULL DEFAULT 1;
ALTER TABLE productos ADD COLUMN agotado_hasta BIGINT NOT NULL DEFAULT 0;
-- Order numbers are per restaurant, given when an order is paid.
ALTER TABLE clientes ADD COLUMN pedidos_seq BIGINT NOT NULL DEFAULT 0;

-- A restaurant's ordering settings (none: ordering is off). horario_json is
-- the weekly opening hours: [{"dia":0-6 (0 = Sunday),"abre":"HH:MM","cierra":"HH:MM"}].
CREATE TABLE pedidos_config (
    cliente_id         INTEGER    PRIMARY KEY REFERENCES clientes (id) ON DELETE CASCADE,
    activo             INTEGER NOT NULL DEFAULT 0 CHECK (activo IN (0, 1)),
    preparacion_min    INTEGER NOT NULL DEFAULT 20,
    horario_json       TEXT    NOT NULL DEFAULT '[]',
    pedidos_por_franja INTEGER NOT NULL DEFAULT 0,
    pausado_hasta      BIGINT  NOT NULL DEFAULT 0,
    zona_horaria       TEXT    NOT NULL DEFAULT 'America/New_York',
    updated_at         BIGINT  NOT NULL
);

-- An order. estado: pendiente_pago (checkout open), recibido, en_preparacion,
-- listo, entregado, cancelado, or fallido / expirado (never paid).
-- token is the bearer secret of the order's page (it only shows this row).
-- pos_estado: '' (not due), pendiente (to create in the POS), creado, error
-- (retrying). reembolso: '', pendiente or reembolsado.
CREATE TABLE pedidos (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    cliente_id          INTEGER    NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    numero              BIGINT,
    usuario_id          INTEGER    REFERENCES usuarios (id) ON DELETE SET NULL,
    token               TEXT    NOT NULL UNIQUE,
    estado              TEXT    NOT NULL DEFAULT 'pendiente_pago' CHECK (estado IN ('pendiente_pago', 'recibido', 'en_preparacion',
                        'listo', 'entregado', 'cancelado', 'fallido', 'expirado')),
    nombre              TEXT    NOT NULL,
    telefono            TEXT    NOT NULL DEFAULT '',
    email               TEXT    NOT NULL,
    nota                TEXT    NOT NULL DEFAULT '',
    idioma              TEXT    NOT NULL DEFAULT 'es',
    recoger_at          BIGINT  NOT NULL,
    lo_antes_posible    INTEGER NOT NULL DEFAULT 0,
    franja              BIGINT  NOT NULL,
    subtotal            BIGINT  NOT NULL CHECK (subtotal >= 0),
    impuestos           BIGINT  NOT NULL CHECK (impuestos >= 0),
    impuestos_json      TEXT    NOT NULL DEFAULT '[]',
    total               BIGINT  NOT NULL CHECK (total > 0),
    moneda              TEXT    NOT NULL,
    checkout_session_id TEXT    UNIQUE,
    checkout_url        TEXT    NOT NULL DEFAULT '',
    payment_id          TEXT    NOT NULL DEFAULT '',
    expires_at          BIGINT  NOT NULL,
    pos_estado          TEXT    NOT NULL DEFAULT '',
    pos_order_id        TEXT    NOT NULL DEFAULT '',
    pos_intentos        INTEGER NOT NULL DEFAULT 0,
    pos_error           TEXT    NOT NULL DEFAULT '',
    pos_siguiente_at    BIGINT  NOT NULL DEFAULT 0,
    motivo_cancelacion  TEXT    NOT NULL DEFAULT '',
    reembolso           TEXT    NOT NULL DEFAULT '',
    reembolsado_at      BIGINT  NOT NULL DEFAULT 0,
    visto_at            BIGINT  NOT NULL DEFAULT 0,
    created_at          BIGINT  NOT NULL,
    paid_at             BIGINT  NOT NULL DEFAULT 0,
    updated_at          BIGINT  NOT NULL,
    UNIQUE (cliente_id, numero)
);
CREATE INDEX pedidos_tablero ON pedidos (cliente_id, paid_at);
CREATE INDEX pedidos_usuario ON pedidos (usuario_id, created_at);
CREATE INDEX pedidos_pendientes ON pedidos (estado, expires_at);
CREATE INDEX pedidos_pos ON pedidos (pos_estado, pos_siguiente_at);

-- The lines of an order as priced by the server when it was placed.
CREATE TABLE pedido_lineas (
    pedido_id          INTEGER    NOT NULL REFERENCES pedidos (id) ON DELETE CASCADE,
    posicion           INTEGER NOT NULL,
    producto_id        INTEGER    REFERENCES productos (id) ON DELETE SET NULL,
    clover_item_id     TEXT    NOT NULL,
    nombre             TEXT    NOT NULL,
    cantidad           INTEGER NOT NULL CHECK (cantidad > 0),
    precio_unitario    BIGINT  NOT NULL,
    modificadores_json TEXT    NOT NULL DEFAULT '[]',
    subtotal           BIGINT  NOT NULL,
    PRIMARY KEY (pedido_id, posicion)
);

-- Orders taken per 15-minute pickup slot (paid, or with an open checkout).
CREATE TABLE pedidos_franjas (
    cliente_id INTEGER    NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    franja     BIGINT  NOT NULL,
    ocupados   INTEGER NOT NULL DEFAULT 0 CHECK (ocupados >= 0),
    PRIMARY KEY (cliente_id, franja)
);

-- Every change of a paid order, in order: the boards and order pages of
-- every replica follow this feed.
CREATE TABLE pedido_eventos (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    cliente_id INTEGER   NOT NULL,
    pedido_id  INTEGER   NOT NULL,
    estado     TEXT   NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX pedido_eventos_at ON pedido_eventos (created_at);

-- Points credited for an order.
ALTER TABLE puntos ADD COLUMN pedido_id INTEGER REFERENCES pedidos (id) ON DELETE SET NULL;
