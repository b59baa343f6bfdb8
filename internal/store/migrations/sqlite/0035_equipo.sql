-- The staff's team page (issue: Staff). Invitations are e-mailed links of
-- a new purpose, 'invitacion', with the role the person gets (links.rol);
-- SQLite cannot change a CHECK constraint, so links is rebuilt.
CREATE TABLE links_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    purpose    TEXT    NOT NULL CHECK (purpose IN ('onboarding', 'reset', 'invitacion')),
    kind       TEXT    NOT NULL CHECK (kind IN ('staff', 'usuario')),
    account_id BIGINT  NOT NULL DEFAULT 0,
    cliente_id INTEGER REFERENCES clientes (id) ON DELETE CASCADE,
    email      TEXT    NOT NULL,
    token_hash TEXT    NOT NULL UNIQUE,
    expires_at BIGINT  NOT NULL,
    used_at    BIGINT  NOT NULL DEFAULT 0,
    revoked_at BIGINT  NOT NULL DEFAULT 0,
    created_at BIGINT  NOT NULL,
    rol        TEXT    NOT NULL DEFAULT ''
);
INSERT INTO links_new (id, purpose, kind, account_id, cliente_id, email, token_hash, expires_at, used_at, revoked_at, created_at)
    SELECT id, purpose, kind, account_id, cliente_id, email, token_hash, expires_at, used_at, revoked_at, created_at FROM links;
DROP TABLE links;
ALTER TABLE links_new RENAME TO links;
CREATE INDEX links_cliente ON links (cliente_id, created_at);
CREATE INDEX links_account ON links (kind, account_id);
CREATE INDEX links_expires ON links (expires_at);

-- When a staff person last signed in (0: never).
ALTER TABLE staff_users ADD COLUMN ultimo_acceso BIGINT NOT NULL DEFAULT 0;

-- Sessions the person and the owner see and revoke: a public id (random,
-- never the token's hash, useless to authenticate), the device label (a
-- kitchen tablet's long-lived sign-in), the address it signed in from and
-- when it was last used (updated at most once a minute).
ALTER TABLE sessions ADD COLUMN public_id TEXT;
ALTER TABLE sessions ADD COLUMN dispositivo TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN ultimo_uso BIGINT NOT NULL DEFAULT 0;
UPDATE sessions SET public_id = lower(hex(randomblob(9))), ultimo_uso = created_at;
CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);
