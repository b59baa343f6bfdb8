-- The language a diner bought a coupon in, and the offer's English title
-- at that moment: the receipt (and a refund notice) are written in it.
ALTER TABLE compras ADD COLUMN idioma TEXT NOT NULL DEFAULT 'es';
ALTER TABLE compras ADD COLUMN descripcion_en TEXT NOT NULL DEFAULT '';
