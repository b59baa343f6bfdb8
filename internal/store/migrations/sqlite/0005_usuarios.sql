-- Diners (usuarios), the restaurants they use, their purchases and points.
CREATE TABLE usuarios (
    id                      INTEGER PRIMARY KEY AUTOINCREMENT,
    nombre                  TEXT    NOT NULL,
    email                   TEXT    NOT NULL UNIQUE,
    telefono                TEXT    NOT NULL DEFAULT '',
    password_hash           TEXT    NOT NULL,
    suscrito_mailing        INTEGER NOT NULL DEFAULT 1 CHECK (suscrito_mailing IN (0, 1)),
    whatsapp_notificaciones INTEGER NOT NULL DEFAULT 1 CHECK (whatsapp_notificaciones IN (0, 1)),
    cliente_id              INTEGER REFERENCES clientes (id) ON DELETE SET NULL,
    welcome_sent            INTEGER NOT NULL DEFAULT 0,
    created_at              BIGINT  NOT NULL
);

CREATE TABLE usuario_restaurantes (
    usuario_id   INTEGER NOT NULL REFERENCES usuarios (id) ON DELETE CASCADE,
    cliente_id   INTEGER NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    last_seen_at BIGINT  NOT NULL,
    PRIMARY KEY (usuario_id, cliente_id)
);

-- Coupon offers of a restaurant; precio is cents, descuento a percent.
CREATE TABLE cupones (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    cliente_id          INTEGER NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    codigo              TEXT    NOT NULL UNIQUE,
    titulo              TEXT    NOT NULL,
    descripcion         TEXT    NOT NULL DEFAULT '',
    descuento           INTEGER NOT NULL CHECK (descuento BETWEEN 1 AND 100),
    precio              BIGINT  NOT NULL CHECK (precio >= 0),
    imagen_url          TEXT    NOT NULL DEFAULT '',
    fecha_expiracion    BIGINT  NOT NULL,
    cantidad_disponible INTEGER NOT NULL CHECK (cantidad_disponible >= 0),
    estado              TEXT    NOT NULL DEFAULT 'activo' CHECK (estado IN ('activo', 'pausado', 'finalizado')),
    created_at          BIGINT  NOT NULL
);
CREATE INDEX cupones_cliente ON cupones (cliente_id, estado);

-- A diner's purchases (coupon vouchers now, orders later). usuario_id is
-- NULL once the diner deleted the account: the restaurant keeps the record.
CREATE TABLE compras (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    usuario_id          INTEGER REFERENCES usuarios (id) ON DELETE SET NULL,
    cliente_id          INTEGER NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    cupon_id            INTEGER REFERENCES cupones (id) ON DELETE SET NULL,
    descripcion         TEXT    NOT NULL,
    estado              TEXT    NOT NULL DEFAULT 'pendiente'
                        CHECK (estado IN ('pendiente', 'pagado', 'fallido', 'expirado', 'canjeado')),
    subtotal            BIGINT  NOT NULL,
    fee                 BIGINT  NOT NULL DEFAULT 0,
    total               BIGINT  NOT NULL,
    codigo_voucher      TEXT    UNIQUE,
    checkout_session_id TEXT    UNIQUE,
    expires_at          BIGINT  NOT NULL DEFAULT 0,
    paid_at             BIGINT  NOT NULL DEFAULT 0,
    redeemed_at         BIGINT  NOT NULL DEFAULT 0,
    created_at          BIGINT  NOT NULL
);
CREATE INDEX compras_usuario ON compras (usuario_id, created_at);
CREATE INDEX compras_cliente ON compras (cliente_id, estado);

-- Loyalty points ledger: one row per credit or debit.
CREATE TABLE puntos (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    usuario_id INTEGER REFERENCES usuarios (id) ON DELETE SET NULL,
    cliente_id INTEGER NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    compra_id  INTEGER REFERENCES compras (id) ON DELETE SET NULL,
    puntos     INTEGER NOT NULL,
    motivo     TEXT    NOT NULL,
    created_at BIGINT  NOT NULL
);
CREATE INDEX puntos_usuario ON puntos (usuario_id, cliente_id);
