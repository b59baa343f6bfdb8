-- Guests (invitados): who paid an online order without an account, one row
-- per restaurant and e-mail (normalised), recorded in the transaction that
-- confirms the order's payment. The owner's 'Clientes' lists them beside the
-- diners with accounts, contact only by consent: suscrito_mailing is the
-- "quiero recibir novedades" box of the checkout (unticked by default), with
-- when (suscrito_at: when the order that ticked it was placed), how
-- (suscrito_origen 'pedido') and which order (suscrito_pedido_id). A diner
-- who registers with the guest's e-mail claims it: usuario_id links the
-- guest to the account (vinculado_at), whose own consent is the one that
-- counts; deleting the account deletes its guest rows.
CREATE TABLE invitados (
    id                 BIGSERIAL PRIMARY KEY,
    cliente_id         BIGINT  NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    email              TEXT    NOT NULL,
    nombre             TEXT    NOT NULL,
    telefono           TEXT    NOT NULL DEFAULT '',
    origen             TEXT    NOT NULL DEFAULT 'pedido' CHECK (origen IN ('pedido')),
    suscrito_mailing   INTEGER NOT NULL DEFAULT 0 CHECK (suscrito_mailing IN (0, 1)),
    suscrito_at        BIGINT  NOT NULL DEFAULT 0,
    suscrito_origen    TEXT    NOT NULL DEFAULT '' CHECK (suscrito_origen IN ('', 'pedido')),
    suscrito_pedido_id BIGINT,
    usuario_id         BIGINT  REFERENCES usuarios (id) ON DELETE CASCADE,
    vinculado_at       BIGINT  NOT NULL DEFAULT 0,
    last_seen_at       BIGINT  NOT NULL,
    created_at         BIGINT  NOT NULL,
    UNIQUE (cliente_id, email)
);
CREATE INDEX invitados_cliente ON invitados (cliente_id, last_seen_at);
CREATE INDEX invitados_email ON invitados (email);
CREATE INDEX invitados_usuario ON invitados (usuario_id);

-- The box as the guest left it when placing the order (0 for a signed-in
-- diner: the account's consent counts), and the guest the paid order made.
ALTER TABLE pedidos ADD COLUMN novedades INTEGER NOT NULL DEFAULT 0 CHECK (novedades IN (0, 1));
ALTER TABLE pedidos ADD COLUMN invitado_id BIGINT REFERENCES invitados (id) ON DELETE SET NULL;
CREATE INDEX pedidos_invitado ON pedidos (invitado_id);
