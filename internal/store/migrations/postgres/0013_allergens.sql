-- Allergens (Regulation (EU) 1169/2011, Annex II) and dietary tags of a
-- product, set by the owner: comma-separated codes in a fixed order (the
-- menu package validates them). The POS sync never writes them, so they
-- survive every sync like descriptions do.
ALTER TABLE productos ADD COLUMN alergenos TEXT NOT NULL DEFAULT '';
ALTER TABLE productos ADD COLUMN etiquetas TEXT NOT NULL DEFAULT '';
