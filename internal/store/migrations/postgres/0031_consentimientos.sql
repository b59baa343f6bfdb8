-- Consent is asked, never presumed, and recorded (issue 29, item 3): every
-- answer a diner or a guest gives about being written to — marketing e-mail
-- ('email': usuarios.suscrito_mailing, a guest's checkout box 'novedades')
-- and WhatsApp ('whatsapp': usuarios.whatsapp_notificaciones) — is a row
-- here, written in the transaction that changes the answer: who (the diner's
-- account or the restaurant's guest), which restaurant (the one the diner
-- was on; NULL when none), what and yes/no, when, and from where (origen):
--   registro           the registration dialog (its boxes start unticked)
--   cuenta             'Manejar Cuenta'
--   pedido             a guest's checkout ('Quiero recibir novedades…'; pedido_id)
--   baja               an unsubscribe link (reserved: none exists yet)
--   registro_anterior  written by this migration for the accounts that existed
--                      before: their answers are kept as given (they were
--                      asked with the spec's registration form) and recorded
--                      with their registration's time.
-- The guests that existed are recorded from what 0027 kept: their checkout
-- answer, when (the order's placing) and which order. The rows of a diner
-- or guest go with them (deleting the account erases the person).
CREATE TABLE consentimientos (
    id          BIGSERIAL PRIMARY KEY,
    usuario_id  BIGINT  REFERENCES usuarios (id) ON DELETE CASCADE,
    invitado_id BIGINT  REFERENCES invitados (id) ON DELETE CASCADE,
    cliente_id  BIGINT  REFERENCES clientes (id) ON DELETE SET NULL,
    canal       TEXT    NOT NULL CHECK (canal IN ('email', 'whatsapp')),
    valor       INTEGER NOT NULL CHECK (valor IN (0, 1)),
    origen      TEXT    NOT NULL CHECK (origen IN ('registro', 'cuenta', 'pedido', 'baja', 'registro_anterior')),
    pedido_id   BIGINT,
    created_at  BIGINT  NOT NULL,
    CHECK ((usuario_id IS NULL) <> (invitado_id IS NULL))
);
CREATE INDEX consentimientos_usuario ON consentimientos (usuario_id, id);
CREATE INDEX consentimientos_invitado ON consentimientos (invitado_id, id);
CREATE INDEX consentimientos_cliente ON consentimientos (cliente_id, created_at);

INSERT INTO consentimientos (usuario_id, cliente_id, canal, valor, origen, created_at)
    SELECT id, cliente_id, 'email', suscrito_mailing, 'registro_anterior', created_at FROM usuarios ORDER BY id;
INSERT INTO consentimientos (usuario_id, cliente_id, canal, valor, origen, created_at)
    SELECT id, cliente_id, 'whatsapp', whatsapp_notificaciones, 'registro_anterior', created_at FROM usuarios ORDER BY id;
INSERT INTO consentimientos (invitado_id, cliente_id, canal, valor, origen, pedido_id, created_at)
    SELECT id, cliente_id, 'email', suscrito_mailing, 'pedido', suscrito_pedido_id,
        CASE WHEN suscrito_mailing = 1 AND suscrito_at > 0 THEN suscrito_at ELSE created_at END
    FROM invitados ORDER BY id;

-- The privacy notice (/privacidad/:cliente_id, issue 29, item 4) is written
-- from the restaurant's data; this is the text its owner adds to it ('' none).
ALTER TABLE clientes ADD COLUMN privacidad_texto TEXT NOT NULL DEFAULT '';
