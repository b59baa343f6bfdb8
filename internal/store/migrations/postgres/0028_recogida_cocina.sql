-- Issue 27, items 2 and 3. The restaurant's street address (configuraciones,
-- beside its phone and its Google Maps link), shown on the diner's order page
-- and in the order e-mails. The kitchen board's thresholds (whole minutes
-- since an order was paid: amber from aviso_ambar_min, red from
-- aviso_rojo_min; 0 = derived from the preparation time) and the one-tap
-- "aceptar e iniciar" (un_toque: acknowledging a new order also starts it).
ALTER TABLE configuraciones ADD COLUMN direccion TEXT NOT NULL DEFAULT '';
ALTER TABLE pedidos_config ADD COLUMN aviso_ambar_min INTEGER NOT NULL DEFAULT 0;
ALTER TABLE pedidos_config ADD COLUMN aviso_rojo_min INTEGER NOT NULL DEFAULT 0;
ALTER TABLE pedidos_config ADD COLUMN un_toque INTEGER NOT NULL DEFAULT 0 CHECK (un_toque IN (0, 1));
