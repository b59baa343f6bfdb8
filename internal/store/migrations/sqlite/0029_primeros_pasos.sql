-- The first-run checklist ('Primeros pasos', internal/panel): every step
-- but one is read from the restaurant's own data; printing the QR codes
-- leaves none, so the first time the staff opens the printable sheet or
-- downloads the menu's code is recorded here (0: never).
ALTER TABLE clientes ADD COLUMN qr_impreso_at BIGINT NOT NULL DEFAULT 0;
