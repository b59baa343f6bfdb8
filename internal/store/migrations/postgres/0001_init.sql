-- Restaurants (clientes), staff accounts, sessions and sign-in throttling.
CREATE TABLE clientes (
    id                 BIGSERIAL PRIMARY KEY,
    nombre             TEXT    NOT NULL,
    merchant_id        TEXT    UNIQUE,
    email              TEXT    NOT NULL DEFAULT '',
    estado             TEXT    NOT NULL DEFAULT 'pendiente'
                       CHECK (estado IN ('pendiente', 'activo', 'suspendido')),
    fecha_proximo_pago TEXT,
    created_at         BIGINT  NOT NULL
);

CREATE TABLE staff_users (
    id            BIGSERIAL PRIMARY KEY,
    email         TEXT    NOT NULL UNIQUE,
    password_hash TEXT    NOT NULL,
    role          TEXT    NOT NULL CHECK (role IN ('superadmin', 'cliente')),
    cliente_id    BIGINT  REFERENCES clientes (id) ON DELETE CASCADE,
    created_at    BIGINT  NOT NULL,
    CHECK ((role = 'superadmin' AND cliente_id IS NULL) OR (role = 'cliente' AND cliente_id IS NOT NULL))
);

CREATE TABLE sessions (
    token_hash TEXT   PRIMARY KEY,
    kind       TEXT   NOT NULL CHECK (kind IN ('staff', 'usuario')),
    subject_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_subject ON sessions (kind, subject_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE login_throttle (
    key          TEXT    PRIMARY KEY,
    failures     INTEGER NOT NULL,
    window_start BIGINT  NOT NULL,
    locked_until BIGINT  NOT NULL DEFAULT 0
);
