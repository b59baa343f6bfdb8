-- Every stored media file has an owner: the restaurant it was uploaded for.
-- A file is referenced only by its owner's rows; the media sweep removes a
-- file once nothing references it and it has not been used for a grace
-- period. used_at is touched by every write that references the file;
-- doomed_at marks a file the sweep is removing (it can no longer be used).
CREATE TABLE media (
    name       TEXT    PRIMARY KEY,
    cliente_id INTEGER NOT NULL,
    created_at BIGINT  NOT NULL,
    used_at    BIGINT  NOT NULL,
    doomed_at  BIGINT  NOT NULL DEFAULT 0
);
CREATE INDEX media_cliente ON media (cliente_id);
CREATE INDEX media_sweep ON media (used_at);

-- Files uploaded before owners were recorded belong to the restaurant that
-- references them (the first one found, should two reference one file).
INSERT INTO media (name, cliente_id, created_at, used_at)
SELECT substr(image_path, 8), cliente_id, 0, 0 FROM categorias WHERE image_path LIKE '/media/%'
UNION ALL SELECT substr(image_path, 8), cliente_id, 0, 0 FROM productos WHERE image_path LIKE '/media/%'
UNION ALL SELECT substr(logo, 8), cliente_id, 0, 0 FROM configuraciones WHERE logo LIKE '/media/%'
UNION ALL SELECT substr(background_image, 8), cliente_id, 0, 0 FROM configuraciones WHERE background_image LIKE '/media/%'
UNION ALL SELECT substr(file_url, 8), cliente_id, 0, 0 FROM popups WHERE file_url LIKE '/media/%'
UNION ALL SELECT substr(imagen_url, 8), cliente_id, 0, 0 FROM cupones WHERE imagen_url LIKE '/media/%'
ON CONFLICT (name) DO NOTHING;
