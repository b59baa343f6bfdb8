-- The search's fold (store.Fold) now also folds the accented letters of
-- Catalan, Portuguese and French names; the super admin's search column
-- (clientes.busqueda, folded by Go on every write, so lowercase already)
-- is refolded to match what a search folds now.
UPDATE clientes SET busqueda = REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(busqueda, 'â', 'a'), 'ê', 'e'), 'î', 'i'), 'ô', 'o'), 'û', 'u'), 'ä', 'a'), 'ë', 'e'), 'ï', 'i'), 'ö', 'o'), 'ã', 'a'), 'õ', 'o');
