-- The wine cellar (cava) of a restaurant. Prices in cents; anio NULL is a
-- wine without vintage; uvas: the grape varieties as written ("Tempranillo
-- 85%, Garnacha 15%"); maridaje: the pairings, comma-and-space separated
-- as the spec sends them; graduacion in tenths of a percent (13.5% = 135).
CREATE TABLE vinos (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    cliente_id     INTEGER NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    nombre         TEXT    NOT NULL,
    bodega         TEXT    NOT NULL DEFAULT '',
    anio           INTEGER,
    region         TEXT    NOT NULL DEFAULT '',
    pais           TEXT    NOT NULL DEFAULT '',
    variedad_uva   TEXT    NOT NULL DEFAULT '',
    tipo           TEXT    NOT NULL DEFAULT 'Desconocido',
    graduacion     INTEGER NOT NULL DEFAULT 0 CHECK (graduacion >= 0 AND graduacion <= 300),
    descripcion    TEXT    NOT NULL DEFAULT '',
    descripcion_en TEXT    NOT NULL DEFAULT '',
    maridaje       TEXT    NOT NULL DEFAULT '',
    etiqueta_url   TEXT    NOT NULL DEFAULT '',
    precio         BIGINT  NOT NULL CHECK (precio >= 0),
    precio_copa    BIGINT  CHECK (precio_copa IS NULL OR precio_copa >= 0),
    disponible     INTEGER NOT NULL DEFAULT 1 CHECK (disponible IN (0, 1)),
    created_at     BIGINT  NOT NULL,
    updated_at     BIGINT  NOT NULL
);
CREATE INDEX vinos_cliente ON vinos (cliente_id, disponible, nombre);
