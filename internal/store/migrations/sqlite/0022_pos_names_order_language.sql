-- The owner's translations of the names the POS gives modifier groups,
-- modifiers and tax rates ('Punto de cocción', 'Sales Tax 8.25%'), kept in
-- traducciones like products': entidad 'modificador_grupo', 'modificador'
-- or 'impuesto', entidad_id the POS's id, campo 'name', idioma 'es' or
-- 'en' (the POS's name is the default in both). SQLite cannot change a
-- CHECK in place, so the table is rebuilt (nothing references it).
CREATE TABLE traducciones_nueva (
    cliente_id INTEGER NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    entidad    TEXT    NOT NULL CHECK (entidad IN ('categoria', 'pos_categoria', 'producto', 'modificador_grupo', 'modificador', 'impuesto')),
    entidad_id TEXT    NOT NULL,
    idioma     TEXT    NOT NULL,
    campo      TEXT    NOT NULL CHECK (campo IN ('name', 'description')),
    valor      TEXT    NOT NULL,
    PRIMARY KEY (cliente_id, entidad, entidad_id, idioma, campo)
);
INSERT INTO traducciones_nueva (cliente_id, entidad, entidad_id, idioma, campo, valor)
    SELECT cliente_id, entidad, entidad_id, idioma, campo, valor FROM traducciones;
DROP TABLE traducciones;
ALTER TABLE traducciones_nueva RENAME TO traducciones;

-- An order line's product name in the language the order was placed in
-- (pedidos.idioma), for the diner's page and e-mails; nombre stays the
-- restaurant's own (the kitchen's). '' (orders placed before): nombre.
-- The modifiers' and taxes' names in that language are in their JSON
-- (name_idioma, group_name_idioma).
ALTER TABLE pedido_lineas ADD COLUMN nombre_idioma TEXT NOT NULL DEFAULT '';
