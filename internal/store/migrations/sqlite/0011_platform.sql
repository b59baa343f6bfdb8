-- Running the platform: the Clover connection per restaurant (OAuth v2
-- tokens, sealed by internal/secrets like pos_token), its state, the
-- restaurant's own hosted-checkout webhook secret (sealed), its language,
-- the search column of the super admin's list, and onboarding links.

-- pos_token is the access token; pos_refresh_token refreshes it (once).
-- Expirations in Unix seconds (0: does not expire, as a merchant API
-- token). pos_reconectar: the POS refused the connection (401); the super
-- admin must connect the restaurant again.
ALTER TABLE clientes ADD COLUMN pos_refresh_token TEXT NOT NULL DEFAULT '';
ALTER TABLE clientes ADD COLUMN pos_token_expira BIGINT NOT NULL DEFAULT 0;
ALTER TABLE clientes ADD COLUMN pos_refresh_expira BIGINT NOT NULL DEFAULT 0;
ALTER TABLE clientes ADD COLUMN pos_reconectar INTEGER NOT NULL DEFAULT 0;
ALTER TABLE clientes ADD COLUMN pos_conectado_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE clientes ADD COLUMN webhook_secret TEXT NOT NULL DEFAULT '';
ALTER TABLE clientes ADD COLUMN idioma TEXT NOT NULL DEFAULT 'es';
-- Lowercased name, e-mail and merchant id without accents: what the super
-- admin's search matches.
ALTER TABLE clientes ADD COLUMN busqueda TEXT NOT NULL DEFAULT '';
UPDATE clientes SET busqueda = lower(nombre || ' ' || email || ' ' || COALESCE(merchant_id, ''));
CREATE INDEX clientes_estado ON clientes (estado, id);

-- An onboarding link: a single-use token (stored as its SHA-256), expiring,
-- superseded by the next link sent to the restaurant.
CREATE TABLE onboarding_links (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    cliente_id INTEGER    NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    email      TEXT    NOT NULL,
    token_hash TEXT    NOT NULL UNIQUE,
    expires_at BIGINT  NOT NULL,
    used_at    BIGINT  NOT NULL DEFAULT 0,
    revoked_at BIGINT  NOT NULL DEFAULT 0,
    created_at BIGINT  NOT NULL
);
CREATE INDEX onboarding_links_cliente ON onboarding_links (cliente_id, created_at);
