-- The owner's translations of the names the POS gives modifier groups,
-- modifiers and tax rates ('Punto de cocción', 'Sales Tax 8.25%'), kept in
-- traducciones like products': entidad 'modificador_grupo', 'modificador'
-- or 'impuesto', entidad_id the POS's id, campo 'name', idioma 'es' or
-- 'en' (the POS's name is the default in both).
ALTER TABLE traducciones DROP CONSTRAINT traducciones_entidad_check;
ALTER TABLE traducciones ADD CONSTRAINT traducciones_entidad_check
    CHECK (entidad IN ('categoria', 'pos_categoria', 'producto', 'modificador_grupo', 'modificador', 'impuesto'));

-- An order line's product name in the language the order was placed in
-- (pedidos.idioma), for the diner's page and e-mails; nombre stays the
-- restaurant's own (the kitchen's). '' (orders placed before): nombre.
-- The modifiers' and taxes' names in that language are in their JSON
-- (name_idioma, group_name_idioma).
ALTER TABLE pedido_lineas ADD COLUMN nombre_idioma TEXT NOT NULL DEFAULT '';
