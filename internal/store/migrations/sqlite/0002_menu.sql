-- The digital menu: look and feel, main categories, POS categories linked
-- as subcategories, products, translations and popups.

-- Bumped by every owner change to what diners see; part of the menu ETags.
ALTER TABLE clientes ADD COLUMN menu_version BIGINT NOT NULL DEFAULT 0;

CREATE TABLE configuraciones (
    cliente_id            INTEGER PRIMARY KEY REFERENCES clientes (id) ON DELETE CASCADE,
    logo                  TEXT    NOT NULL DEFAULT 'static/images/default-logo.png',
    background_image      TEXT    NOT NULL DEFAULT '',
    card_color            TEXT    NOT NULL DEFAULT '#f0f0f0',
    text_color            TEXT    NOT NULL DEFAULT '#000000',
    card_border_radius    TEXT    NOT NULL DEFAULT '8px',
    font_size             TEXT    NOT NULL DEFAULT '16px',
    font_family           TEXT    NOT NULL DEFAULT 'Arial',
    nombre_restaurante    TEXT    NOT NULL DEFAULT '',
    telefono_contacto     TEXT    NOT NULL DEFAULT '',
    ubicacion_google_maps TEXT    NOT NULL DEFAULT '',
    moneda                TEXT    NOT NULL DEFAULT 'USD',
    updated_at            BIGINT  NOT NULL
);

-- Main categories, created by the owner.
CREATE TABLE categorias (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    cliente_id INTEGER NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    name       TEXT    NOT NULL,
    image_path TEXT    NOT NULL DEFAULT '',
    position   INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT  NOT NULL
);
CREATE INDEX categorias_cliente ON categorias (cliente_id, position, id);

-- Categories of the point of sale, imported by sync.
CREATE TABLE pos_categorias (
    cliente_id         INTEGER NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    clover_category_id TEXT    NOT NULL,
    name               TEXT    NOT NULL,
    sort_order         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (cliente_id, clover_category_id)
);

-- A subcategory links a main category to a POS category, with a position
-- (NULL sorts last).
CREATE TABLE subcategorias (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    cliente_id         INTEGER NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    categoria_id       INTEGER NOT NULL REFERENCES categorias (id) ON DELETE CASCADE,
    clover_category_id TEXT    NOT NULL,
    position           INTEGER,
    UNIQUE (categoria_id, clover_category_id)
);
CREATE INDEX subcategorias_categoria ON subcategorias (categoria_id);

-- Products (POS items). price is integer cents.
CREATE TABLE productos (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    cliente_id     INTEGER NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    clover_item_id TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    description    TEXT    NOT NULL DEFAULT '',
    price          BIGINT  NOT NULL DEFAULT 0 CHECK (price >= 0),
    image_path     TEXT    NOT NULL DEFAULT '',
    visible        INTEGER NOT NULL DEFAULT 1 CHECK (visible IN (0, 1)),
    UNIQUE (cliente_id, clover_item_id)
);

-- Which POS categories a product belongs to (an item may be in several).
CREATE TABLE producto_categorias (
    producto_id        INTEGER NOT NULL REFERENCES productos (id) ON DELETE CASCADE,
    cliente_id         INTEGER NOT NULL,
    clover_category_id TEXT    NOT NULL,
    PRIMARY KEY (producto_id, clover_category_id)
);
CREATE INDEX producto_categorias_cat ON producto_categorias (cliente_id, clover_category_id);

-- Translations of names and descriptions: entidad is 'categoria',
-- 'pos_categoria' or 'producto'; entidad_id the row's id (the POS category
-- id for 'pos_categoria'); campo 'name' or 'description'.
CREATE TABLE traducciones (
    cliente_id INTEGER NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    entidad    TEXT    NOT NULL CHECK (entidad IN ('categoria', 'pos_categoria', 'producto')),
    entidad_id TEXT    NOT NULL,
    idioma     TEXT    NOT NULL,
    campo      TEXT    NOT NULL CHECK (campo IN ('name', 'description')),
    valor      TEXT    NOT NULL,
    PRIMARY KEY (cliente_id, entidad, entidad_id, idioma, campo)
);

CREATE TABLE popups (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    cliente_id INTEGER NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    name       TEXT    NOT NULL,
    file_url   TEXT    NOT NULL,
    file_type  TEXT    NOT NULL,
    created_at BIGINT  NOT NULL
);
CREATE INDEX popups_cliente ON popups (cliente_id, created_at);
