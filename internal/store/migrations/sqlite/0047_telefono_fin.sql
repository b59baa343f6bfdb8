-- A "STOP" or "BAJA" replied by WhatsApp or SMS withdraws that channel's consent of every
-- account, guest and guest order with the phone that replied (notify.Withdraw, inside one write
-- transaction). It found them by the phone's last 8 digits with LIKE '%…' after removing spaces
-- and dashes only, which walked every account, every guest and every order of the platform per
-- reply, and missed a phone written with dots, brackets or slashes (600.111.222), to which Carta
-- does send. These indexes are on the expression notify.phoneTail writes (the last 8 characters
-- of the phone without the separators E164 accepts), of the rows a reply can concern only.
CREATE INDEX usuarios_telefono_fin ON usuarios (substr(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(telefono, ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '/', ''), -8))
    WHERE whatsapp_notificaciones = 1 OR sms_notificaciones = 1;
CREATE INDEX invitados_telefono_fin ON invitados (avisos_canal, substr(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(telefono, ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '/', ''), -8))
    WHERE avisos_canal <> 'email';
CREATE INDEX pedidos_telefono_fin ON pedidos (avisos_canal, substr(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(telefono, ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '/', ''), -8))
    WHERE usuario_id IS NULL AND avisos_canal <> 'email';
