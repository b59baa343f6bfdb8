-- Staff roles per restaurant (issue: Staff). A person (staff_users, role
-- 'cliente' meaning restaurant staff) works at one or more restaurants,
-- each with a role: propietario (everything, including the card, fees and
-- staff), gerente (everything but billing and staff), cocina (the board,
-- pausing orders, sold-out today), mesero (the board, tables, voucher
-- redemption, the menu read-only). The tenant check is membership with a
-- role; staff_users.cliente_id stays as the restaurant the account was
-- created for and no longer grants anything. Every existing owner becomes
-- the propietario of their restaurant.
CREATE TABLE membresias (
    staff_user_id BIGINT NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
    cliente_id    BIGINT NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    rol           TEXT    NOT NULL CHECK (rol IN ('propietario', 'gerente', 'cocina', 'mesero')),
    created_at    BIGINT  NOT NULL,
    PRIMARY KEY (staff_user_id, cliente_id)
);
CREATE INDEX membresias_cliente ON membresias (cliente_id);

INSERT INTO membresias (staff_user_id, cliente_id, rol, created_at)
SELECT id, cliente_id, 'propietario', created_at FROM staff_users
WHERE role = 'cliente' AND cliente_id IS NOT NULL;

-- The restaurant a staff session acts on when a request names none (the
-- switcher sets it); NULL: the person's only (or first) restaurant.
ALTER TABLE sessions ADD COLUMN cliente_id BIGINT;

-- The audit log: sensitive actions, who, when, what, from where. Append
-- only: no route updates or deletes a row.
CREATE TABLE auditoria (
    id            BIGSERIAL PRIMARY KEY,
    cliente_id    BIGINT REFERENCES clientes (id) ON DELETE CASCADE,
    staff_user_id BIGINT,
    actor         TEXT    NOT NULL DEFAULT '',
    accion        TEXT    NOT NULL,
    objeto        TEXT    NOT NULL DEFAULT '',
    detalle       TEXT    NOT NULL DEFAULT '',
    ip            TEXT    NOT NULL DEFAULT '',
    created_at    BIGINT  NOT NULL
);
CREATE INDEX auditoria_cliente ON auditoria (cliente_id, id);
