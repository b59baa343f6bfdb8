-- Ordering and paying at the table (issue 31).
--
-- mesas: a restaurant's tables, each with its printed QR's secret (codigo,
-- long and random; reprinting the sheet renews it). A table removed from the
-- settings is kept inactive: its old tabs still name it.
CREATE TABLE mesas (
    id         BIGSERIAL PRIMARY KEY,
    cliente_id BIGINT NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    numero     INTEGER NOT NULL CHECK (numero BETWEEN 1 AND 500),
    nombre     TEXT    NOT NULL DEFAULT '',
    codigo     TEXT    NOT NULL UNIQUE,
    activa     INTEGER NOT NULL DEFAULT 1,
    created_at BIGINT  NOT NULL,
    updated_at BIGINT  NOT NULL,
    UNIQUE (cliente_id, numero)
);

-- cuentas: a table's tab, one per sitting. estado: por_aceptar (pay at the
-- end: its first order waits for a waiter), abierta, pagada (nothing
-- remains), cerrada (closed by staff; motivo when something remained). token
-- is the phones' bearer secret of the tab: it stops working when the tab is
-- no longer open. At most one open tab per table (the partial index), so two
-- phones ordering at once join the same tab. partes / partes_base: an even
-- split of partes_base cents between partes diners, fixed by the first share
-- paid.
CREATE TABLE cuentas (
    id           BIGSERIAL PRIMARY KEY,
    cliente_id   BIGINT NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    mesa_id      BIGINT NOT NULL REFERENCES mesas (id) ON DELETE CASCADE,
    token        TEXT    NOT NULL UNIQUE,
    estado       TEXT    NOT NULL CHECK (estado IN ('por_aceptar', 'abierta', 'pagada', 'cerrada')),
    modo         TEXT    NOT NULL CHECK (modo IN ('por_pedido', 'al_final')),
    abierta_at   BIGINT  NOT NULL,
    aceptada_at  BIGINT  NOT NULL DEFAULT 0,
    aceptada_por BIGINT,
    cerrada_at   BIGINT  NOT NULL DEFAULT 0,
    cerrada_por  BIGINT,
    motivo       TEXT    NOT NULL DEFAULT '',
    partes       INTEGER NOT NULL DEFAULT 0,
    partes_base  BIGINT  NOT NULL DEFAULT 0,
    pos_order_id TEXT    NOT NULL DEFAULT '',
    actividad_at BIGINT  NOT NULL,
    version      INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX cuentas_una_abierta ON cuentas (mesa_id) WHERE estado IN ('por_aceptar', 'abierta');
CREATE INDEX cuentas_cliente ON cuentas (cliente_id, estado);

-- cuenta_pagos: a payment toward a tab. modo: todo (everything that
-- remained), partes (share `parte` of the even split), lineas (chosen lines,
-- claimed in cuenta_pago_lineas), mesa (recorded by staff: cash or the
-- restaurant's own terminal; registrado_por). importe is what it covers of
-- the tab (tax included), base the pre-tax part of it (the tip's base),
-- propina the diner's tip: the charge is importe + propina. A pending payment
-- holds its lines and share until it is paid, declined, cancelled or expires.
-- reembolso: cents of it owed back to the diner (a payment that arrived
-- for what another had paid meanwhile, or an order cancelled after it was
-- paid); staff refund it. pos_estado: the payment's record on the tab's POS order ('' not due,
-- pendiente, creado, error).
CREATE TABLE cuenta_pagos (
    id                  BIGSERIAL PRIMARY KEY,
    cuenta_id           BIGINT NOT NULL REFERENCES cuentas (id) ON DELETE CASCADE,
    cliente_id          BIGINT NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    token               TEXT    NOT NULL UNIQUE,
    modo                TEXT    NOT NULL CHECK (modo IN ('todo', 'partes', 'lineas', 'mesa')),
    metodo              TEXT    NOT NULL CHECK (metodo IN ('tarjeta', 'efectivo', 'terminal')),
    parte               INTEGER NOT NULL DEFAULT 0,
    importe             BIGINT  NOT NULL CHECK (importe > 0),
    base                BIGINT  NOT NULL CHECK (base >= 0),
    propina             BIGINT  NOT NULL DEFAULT 0 CHECK (propina >= 0),
    moneda              TEXT    NOT NULL,
    estado              TEXT    NOT NULL CHECK (estado IN ('pendiente_pago', 'pagado', 'fallido', 'expirado', 'cancelado')),
    idioma              TEXT    NOT NULL DEFAULT 'es',
    checkout_session_id TEXT    UNIQUE,
    checkout_url        TEXT    NOT NULL DEFAULT '',
    payment_id          TEXT    NOT NULL DEFAULT '',
    expires_at          BIGINT  NOT NULL DEFAULT 0,
    registrado_por      BIGINT,
    reembolso           BIGINT  NOT NULL DEFAULT 0 CHECK (reembolso >= 0),
    pos_estado          TEXT    NOT NULL DEFAULT '',
    pos_intentos        INTEGER NOT NULL DEFAULT 0,
    pos_error           TEXT    NOT NULL DEFAULT '',
    pos_siguiente_at    BIGINT  NOT NULL DEFAULT 0,
    created_at          BIGINT  NOT NULL,
    paid_at             BIGINT  NOT NULL DEFAULT 0,
    updated_at          BIGINT  NOT NULL
);
CREATE INDEX cuenta_pagos_cuenta ON cuenta_pagos (cuenta_id);
CREATE INDEX cuenta_pagos_pendientes ON cuenta_pagos (estado, expires_at);
CREATE INDEX cuenta_pagos_pos ON cuenta_pagos (pos_estado, pos_siguiente_at);
CREATE INDEX cuenta_pagos_dia ON cuenta_pagos (cliente_id, paid_at);
-- A share of an even split is held or paid once.
CREATE UNIQUE INDEX cuenta_pagos_parte ON cuenta_pagos (cuenta_id, parte) WHERE parte > 0 AND estado IN ('pendiente_pago', 'pagado');

-- The lines a 'lineas' payment covers: each line of a tab is held or paid by
-- one payment at a time (activa = 1), never two.
CREATE TABLE cuenta_pago_lineas (
    pago_id   BIGINT NOT NULL REFERENCES cuenta_pagos (id) ON DELETE CASCADE,
    cuenta_id BIGINT NOT NULL REFERENCES cuentas (id) ON DELETE CASCADE,
    pedido_id BIGINT NOT NULL,
    posicion  INTEGER NOT NULL,
    activa    INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (pago_id, pedido_id, posicion)
);
CREATE UNIQUE INDEX cuenta_linea_una_vez ON cuenta_pago_lineas (pedido_id, posicion) WHERE activa = 1;

-- A table's order: its tab and the table as it was named (a tab moved to
-- another table renames its orders).
ALTER TABLE pedidos ADD COLUMN cuenta_id BIGINT REFERENCES cuentas (id) ON DELETE SET NULL;
ALTER TABLE pedidos ADD COLUMN mesa_numero INTEGER NOT NULL DEFAULT 0;
ALTER TABLE pedidos ADD COLUMN mesa_nombre TEXT NOT NULL DEFAULT '';
CREATE INDEX pedidos_cuenta ON pedidos (cuenta_id);

-- The dining room's settings: the tab's mode, the tips offered (JSON:
-- {"activo":bool,"porcentajes":[10,15,20],"defecto":15}) and whether pickup
-- ordering stays on beside the tables.
ALTER TABLE pedidos_config ADD COLUMN mesas_modo TEXT NOT NULL DEFAULT 'por_pedido';
ALTER TABLE pedidos_config ADD COLUMN propinas_json TEXT NOT NULL DEFAULT '';
ALTER TABLE pedidos_config ADD COLUMN recoger_activo INTEGER NOT NULL DEFAULT 1;
