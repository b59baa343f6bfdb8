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

-- consentimientos gains the channel 'sms' and the source 'respuesta' (a reply BAJA / STOP).
ALTER TABLE consentimientos DROP CONSTRAINT consentimientos_canal_check;
ALTER TABLE consentimientos ADD CONSTRAINT consentimientos_canal_check CHECK (canal IN ('email', 'whatsapp', 'sms'));
ALTER TABLE consentimientos DROP CONSTRAINT consentimientos_origen_check;
ALTER TABLE consentimientos ADD CONSTRAINT consentimientos_origen_check
    CHECK (origen IN ('registro', 'cuenta', 'pedido', 'baja', 'registro_anterior', 'respuesta'));
