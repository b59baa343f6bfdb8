-- A connection to the point of sale that Carta started (the OAuth state):
-- random, stored as its SHA-256, single use (used_at), expiring, bound to
-- the restaurant and to who started it: a super admin or the restaurant's
-- owner (staff_user_id), or a merchant launching Carta's app from the
-- Clover App Market (no user). The OAuth callback completes only these.
CREATE TABLE pos_connect_states (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    state_hash    TEXT    NOT NULL UNIQUE,
    cliente_id    INTEGER NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    started_by    TEXT    NOT NULL CHECK (started_by IN ('superadmin', 'cliente', 'app_market')),
    staff_user_id INTEGER REFERENCES staff_users (id) ON DELETE CASCADE,
    expires_at    BIGINT  NOT NULL,
    used_at       BIGINT  NOT NULL DEFAULT 0,
    created_at    BIGINT  NOT NULL
);
CREATE INDEX pos_connect_states_cliente ON pos_connect_states (cliente_id, expires_at);
CREATE INDEX pos_connect_states_user ON pos_connect_states (staff_user_id);
CREATE INDEX pos_connect_states_expires ON pos_connect_states (expires_at);
