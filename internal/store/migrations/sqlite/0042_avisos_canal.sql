-- Messages go where diners read (issue 32): the channel a diner's transactional messages go by
-- (their order confirmed, ready, served, cancelled; a voucher bought; a tab's receipt) —
-- 'email', 'whatsapp' or 'sms' — chosen in 'Manejar Cuenta' (accounts) or at checkout (guests,
-- per order, and remembered on the guest). WhatsApp needs whatsapp_notificaciones (the
-- existing consent) and a phone; SMS needs the new sms_notificaciones and a phone. A reply
-- BAJA / STOP withdraws the channel's consent at once (origen 'respuesta').
ALTER TABLE usuarios ADD COLUMN avisos_canal TEXT NOT NULL DEFAULT 'email' CHECK (avisos_canal IN ('email', 'whatsapp', 'sms'));
ALTER TABLE usuarios ADD COLUMN sms_notificaciones INTEGER NOT NULL DEFAULT 0 CHECK (sms_notificaciones IN (0, 1));
ALTER TABLE invitados ADD COLUMN avisos_canal TEXT NOT NULL DEFAULT 'email' CHECK (avisos_canal IN ('email', 'whatsapp', 'sms'));
ALTER TABLE pedidos ADD COLUMN avisos_canal TEXT NOT NULL DEFAULT 'email' CHECK (avisos_canal IN ('email', 'whatsapp', 'sms'));
CREATE INDEX usuarios_telefono ON usuarios (telefono) WHERE telefono <> '';
CREATE INDEX invitados_telefono ON invitados (telefono) WHERE telefono <> '';

-- consentimientos gains the channel 'sms' and the source 'respuesta' (a reply BAJA / STOP);
-- SQLite cannot change a CHECK constraint, so the table is rebuilt.
CREATE TABLE consentimientos_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    usuario_id  INTEGER REFERENCES usuarios (id) ON DELETE CASCADE,
    invitado_id INTEGER REFERENCES invitados (id) ON DELETE CASCADE,
    cliente_id  INTEGER REFERENCES clientes (id) ON DELETE SET NULL,
    canal       TEXT    NOT NULL CHECK (canal IN ('email', 'whatsapp', 'sms')),
    valor       INTEGER NOT NULL CHECK (valor IN (0, 1)),
    origen      TEXT    NOT NULL CHECK (origen IN ('registro', 'cuenta', 'pedido', 'baja', 'registro_anterior', 'respuesta')),
    pedido_id   BIGINT,
    created_at  BIGINT  NOT NULL,
    CHECK ((usuario_id IS NULL) <> (invitado_id IS NULL))
);
INSERT INTO consentimientos_new (id, usuario_id, invitado_id, cliente_id, canal, valor, origen, pedido_id, created_at)
    SELECT id, usuario_id, invitado_id, cliente_id, canal, valor, origen, pedido_id, created_at FROM consentimientos;
DROP TABLE consentimientos;
ALTER TABLE consentimientos_new RENAME TO consentimientos;
CREATE INDEX consentimientos_usuario ON consentimientos (usuario_id, id);
CREATE INDEX consentimientos_invitado ON consentimientos (invitado_id, id);
CREATE INDEX consentimientos_cliente ON consentimientos (cliente_id, created_at);
