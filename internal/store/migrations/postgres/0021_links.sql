-- E-mailed links, generalised from onboarding_links: a single-use token
-- (stored as its SHA-256), expiring, with a purpose. 'onboarding' sets a
-- restaurant owner's first password (cliente_id is the restaurant,
-- account_id 0: the account may not exist yet); 'reset' sets a new
-- password of an existing account ('forgot password'): kind and account_id
-- name it, and a diner's cliente_id is the restaurant the link brings the
-- diner back to. A new link of a restaurant (onboarding) or of an account
-- (reset) revokes the earlier unused ones.
CREATE TABLE links (
    id         BIGSERIAL PRIMARY KEY,
    purpose    TEXT    NOT NULL CHECK (purpose IN ('onboarding', 'reset')),
    kind       TEXT    NOT NULL CHECK (kind IN ('staff', 'usuario')),
    account_id BIGINT  NOT NULL DEFAULT 0,
    cliente_id BIGINT  REFERENCES clientes (id) ON DELETE CASCADE,
    email      TEXT    NOT NULL,
    token_hash TEXT    NOT NULL UNIQUE,
    expires_at BIGINT  NOT NULL,
    used_at    BIGINT  NOT NULL DEFAULT 0,
    revoked_at BIGINT  NOT NULL DEFAULT 0,
    created_at BIGINT  NOT NULL
);
CREATE INDEX links_cliente ON links (cliente_id, created_at);
CREATE INDEX links_account ON links (kind, account_id);
CREATE INDEX links_expires ON links (expires_at);

INSERT INTO links (purpose, kind, account_id, cliente_id, email, token_hash, expires_at, used_at, revoked_at, created_at)
    SELECT 'onboarding', 'staff', 0, cliente_id, email, token_hash, expires_at, used_at, revoked_at, created_at FROM onboarding_links;
DROP TABLE onboarding_links;
