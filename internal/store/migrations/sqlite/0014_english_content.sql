-- English versions of the restaurant content diners read (issue 15 point 4),
-- next to the Spanish original like vinos.descripcion_en: empty means "use
-- the Spanish text". The menu's categories and products keep theirs in
-- traducciones.
ALTER TABLE cupones ADD COLUMN titulo_en TEXT NOT NULL DEFAULT '';
ALTER TABLE cupones ADD COLUMN descripcion_en TEXT NOT NULL DEFAULT '';
ALTER TABLE popups ADD COLUMN name_en TEXT NOT NULL DEFAULT '';
