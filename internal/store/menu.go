package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
)

// Settings is a restaurant's look and feel and contact data. JSON names
// follow the spec.
type Settings struct {
	ClienteID           int64  `json:"cliente_id"`
	Logo                string `json:"logo"`
	BackgroundImage     string `json:"backgroundImage"`
	CardColor           string `json:"cardColor"`
	TextColor           string `json:"textColor"`
	CardBorderRadius    string `json:"cardBorderRadius"`
	FontSize            string `json:"fontSize"`
	FontFamily          string `json:"fontFamily"`
	NombreRestaurante   string `json:"nombre_restaurante"`
	TelefonoContacto    string `json:"telefono_contacto"`
	UbicacionGoogleMaps string `json:"ubicacion_google_maps"`
	Moneda              string `json:"moneda"`
}

// DefaultSettings are the spec's defaults.
func DefaultSettings(clienteID int64) Settings {
	return Settings{ClienteID: clienteID, Logo: "static/images/default-logo.png", CardColor: "#f0f0f0", TextColor: "#000000",
		CardBorderRadius: "8px", FontSize: "16px", FontFamily: "Arial", Moneda: "USD"}
}

const settingsCols = `logo, background_image, card_color, text_color, card_border_radius, font_size, font_family,
	nombre_restaurante, telefono_contacto, ubicacion_google_maps, moneda`

// GetSettings returns the restaurant's settings, the defaults when it has none.
func GetSettings(ctx context.Context, q Querier, clienteID int64) (Settings, error) {
	s := DefaultSettings(clienteID)
	err := q.QueryRow(ctx, `SELECT `+settingsCols+` FROM configuraciones WHERE cliente_id = ?`, clienteID).Scan(
		&s.Logo, &s.BackgroundImage, &s.CardColor, &s.TextColor, &s.CardBorderRadius, &s.FontSize, &s.FontFamily,
		&s.NombreRestaurante, &s.TelefonoContacto, &s.UbicacionGoogleMaps, &s.Moneda)
	if errors.Is(err, sql.ErrNoRows) {
		return DefaultSettings(clienteID), nil
	}
	return s, err
}

// SaveSettings stores every field of s and bumps the menu version.
func SaveSettings(ctx context.Context, q Querier, s Settings) error {
	_, err := q.Exec(ctx, `INSERT INTO configuraciones (cliente_id, `+settingsCols+`, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (cliente_id) DO UPDATE SET logo = excluded.logo, background_image = excluded.background_image,
			card_color = excluded.card_color, text_color = excluded.text_color,
			card_border_radius = excluded.card_border_radius, font_size = excluded.font_size,
			font_family = excluded.font_family, nombre_restaurante = excluded.nombre_restaurante,
			telefono_contacto = excluded.telefono_contacto, ubicacion_google_maps = excluded.ubicacion_google_maps,
			moneda = excluded.moneda, updated_at = excluded.updated_at`,
		s.ClienteID, s.Logo, s.BackgroundImage, s.CardColor, s.TextColor, s.CardBorderRadius, s.FontSize, s.FontFamily,
		s.NombreRestaurante, s.TelefonoContacto, s.UbicacionGoogleMaps, s.Moneda, q.now())
	if err != nil {
		return err
	}
	return BumpMenuVersion(ctx, q, s.ClienteID)
}

// BumpMenuVersion marks the restaurant's public menu as changed, so cached
// copies and ETags are invalidated.
func BumpMenuVersion(ctx context.Context, q Querier, clienteID int64) error {
	_, err := q.Exec(ctx, `UPDATE clientes SET menu_version = menu_version + 1 WHERE id = ?`, clienteID)
	return err
}

// MenuState is what the public menu needs to know about a restaurant before
// serving it.
type MenuState struct {
	Version int64
	Estado  string
}

// GetMenuState returns the menu version and state, ErrNotFound for an
// unknown restaurant.
func GetMenuState(ctx context.Context, q Querier, clienteID int64) (MenuState, error) {
	var m MenuState
	err := q.QueryRow(ctx, `SELECT menu_version, estado FROM clientes WHERE id = ?`, clienteID).Scan(&m.Version, &m.Estado)
	if errors.Is(err, sql.ErrNoRows) {
		return m, ErrNotFound
	}
	return m, err
}

// Translations maps language → field → text.
type Translations map[string]map[string]string

// Categoria is a main category of the menu.
type Categoria struct {
	ID           int64        `json:"id"`
	Name         string       `json:"name"`
	ImagePath    string       `json:"image_path"`
	ClienteID    int64        `json:"cliente_id"`
	Translations Translations `json:"translations"`
}

// Subcategoria is a POS category shown inside a main category.
type Subcategoria struct {
	ID               int64        `json:"id"`
	CloverCategoryID string       `json:"clover_category_id"`
	Name             string       `json:"name"`
	Position         *int64       `json:"position"`
	Translations     Translations `json:"translations"`
}

// Producto is a menu item; Price is in cents.
type Producto struct {
	ID           int64        `json:"id"`
	Name         string       `json:"name"`
	Description  string       `json:"description"`
	Price        int64        `json:"price"`
	ImagePath    string       `json:"image_path"`
	Visible      bool         `json:"visible"`
	Translations Translations `json:"translations"`
}

// translations loads every translation of one entity type of a restaurant,
// keyed by entity id.
func translations(ctx context.Context, q Querier, clienteID int64, entidad string) (map[string]Translations, error) {
	rows, err := q.Query(ctx, `SELECT entidad_id, idioma, campo, valor FROM traducciones WHERE cliente_id = ? AND entidad = ?`, clienteID, entidad)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]Translations{}
	for rows.Next() {
		var id, idioma, campo, valor string
		if err := rows.Scan(&id, &idioma, &campo, &valor); err != nil {
			return nil, err
		}
		if out[id] == nil {
			out[id] = Translations{}
		}
		if out[id][idioma] == nil {
			out[id][idioma] = map[string]string{}
		}
		out[id][idioma][campo] = valor
	}
	return out, rows.Err()
}

// localize returns the translation of campo in idioma, or def.
func (t Translations) localize(idioma, campo, def string) string {
	if v := t[idioma][campo]; v != "" {
		return v
	}
	return def
}

// SetTranslation stores (or with an empty valor removes) one translation.
func SetTranslation(ctx context.Context, q Querier, clienteID int64, entidad, entidadID, idioma, campo, valor string) error {
	if valor == "" {
		_, err := q.Exec(ctx, `DELETE FROM traducciones WHERE cliente_id = ? AND entidad = ? AND entidad_id = ? AND idioma = ? AND campo = ?`,
			clienteID, entidad, entidadID, idioma, campo)
		return err
	}
	_, err := q.Exec(ctx, `INSERT INTO traducciones (cliente_id, entidad, entidad_id, idioma, campo, valor) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (cliente_id, entidad, entidad_id, idioma, campo) DO UPDATE SET valor = excluded.valor`,
		clienteID, entidad, entidadID, idioma, campo, valor)
	return err
}

// ListCategorias returns the main categories, names in idioma where translated.
func ListCategorias(ctx context.Context, q Querier, clienteID int64, idioma string) ([]Categoria, error) {
	tr, err := translations(ctx, q, clienteID, "categoria")
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, `SELECT id, name, image_path FROM categorias WHERE cliente_id = ? ORDER BY position, id`, clienteID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Categoria{}
	for rows.Next() {
		c := Categoria{ClienteID: clienteID}
		if err := rows.Scan(&c.ID, &c.Name, &c.ImagePath); err != nil {
			return nil, err
		}
		c.Translations = orEmpty(tr[strconv.FormatInt(c.ID, 10)])
		c.Name = c.Translations.localize(idioma, "name", c.Name)
		out = append(out, c)
	}
	return out, rows.Err()
}

// GetCategoria returns one main category of the restaurant, ErrNotFound
// when it does not exist or belongs to another restaurant.
func GetCategoria(ctx context.Context, q Querier, clienteID, id int64) (Categoria, error) {
	c := Categoria{ClienteID: clienteID}
	err := q.QueryRow(ctx, `SELECT id, name, image_path FROM categorias WHERE id = ? AND cliente_id = ?`, id, clienteID).
		Scan(&c.ID, &c.Name, &c.ImagePath)
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNotFound
	}
	return c, err
}

// CreateCategoria adds a main category.
func CreateCategoria(ctx context.Context, q Querier, clienteID int64, name, imagePath string) (int64, error) {
	id, err := insertID(ctx, q, `INSERT INTO categorias (cliente_id, name, image_path, position, created_at)
		VALUES (?, ?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM categorias WHERE cliente_id = ?), ?)`,
		clienteID, name, imagePath, clienteID, q.now())
	if err != nil {
		return 0, err
	}
	return id, BumpMenuVersion(ctx, q, clienteID)
}

// ListSubcategorias returns the POS categories linked to a main category,
// ordered by position (missing positions last), then name.
func ListSubcategorias(ctx context.Context, q Querier, clienteID, categoriaID int64, idioma string) ([]Subcategoria, error) {
	tr, err := translations(ctx, q, clienteID, "pos_categoria")
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, `SELECT s.id, s.clover_category_id, COALESCE(p.name, s.clover_category_id), s.position
		FROM subcategorias s
		LEFT JOIN pos_categorias p ON p.cliente_id = s.cliente_id AND p.clover_category_id = s.clover_category_id
		WHERE s.cliente_id = ? AND s.categoria_id = ?
		ORDER BY CASE WHEN s.position IS NULL THEN 1 ELSE 0 END, s.position, p.name, s.id`, clienteID, categoriaID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Subcategoria{}
	for rows.Next() {
		var s Subcategoria
		var pos sql.NullInt64
		if err := rows.Scan(&s.ID, &s.CloverCategoryID, &s.Name, &pos); err != nil {
			return nil, err
		}
		if pos.Valid {
			s.Position = &pos.Int64
		}
		s.Translations = orEmpty(tr[s.CloverCategoryID])
		s.Name = s.Translations.localize(idioma, "name", s.Name)
		out = append(out, s)
	}
	return out, rows.Err()
}

// LinkSubcategoria links a POS category to a main category (or updates its
// position when already linked).
func LinkSubcategoria(ctx context.Context, q Querier, clienteID, categoriaID int64, cloverCategoryID string, position *int64) error {
	_, err := q.Exec(ctx, `INSERT INTO subcategorias (cliente_id, categoria_id, clover_category_id, position) VALUES (?, ?, ?, ?)
		ON CONFLICT (categoria_id, clover_category_id) DO UPDATE SET position = excluded.position`,
		clienteID, categoriaID, cloverCategoryID, position)
	if err != nil {
		return err
	}
	return BumpMenuVersion(ctx, q, clienteID)
}

// UpsertPosCategoria stores a POS category.
func UpsertPosCategoria(ctx context.Context, q Querier, clienteID int64, cloverCategoryID, name string, sortOrder int) error {
	_, err := q.Exec(ctx, `INSERT INTO pos_categorias (cliente_id, clover_category_id, name, sort_order) VALUES (?, ?, ?, ?)
		ON CONFLICT (cliente_id, clover_category_id) DO UPDATE SET name = excluded.name, sort_order = excluded.sort_order`,
		clienteID, cloverCategoryID, name, sortOrder)
	return err
}

// ProductoInput is a product as imported from the point of sale.
type ProductoInput struct {
	CloverItemID string
	Name         string
	Description  string
	Price        int64
	ImagePath    string
	Visible      bool
	Categories   []string // POS category ids
}

// UpsertProducto inserts a product or updates its POS fields (name, price,
// categories), keeping local edits (description, image, visibility).
func UpsertProducto(ctx context.Context, q Querier, clienteID int64, p ProductoInput) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO productos (cliente_id, clover_item_id, name, description, price, image_path, visible)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (cliente_id, clover_item_id) DO UPDATE SET name = excluded.name, price = excluded.price
		RETURNING id`, clienteID, p.CloverItemID, p.Name, p.Description, p.Price, p.ImagePath, boolInt(p.Visible)).Scan(&id)
	if err != nil {
		return 0, err
	}
	if _, err := q.Exec(ctx, `DELETE FROM producto_categorias WHERE producto_id = ?`, id); err != nil {
		return 0, err
	}
	for _, c := range p.Categories {
		if _, err := q.Exec(ctx, `INSERT INTO producto_categorias (producto_id, cliente_id, clover_category_id) VALUES (?, ?, ?)`, id, clienteID, c); err != nil {
			return 0, err
		}
	}
	return id, BumpMenuVersion(ctx, q, clienteID)
}

// ListProductos returns the products of a POS category (only visible ones
// when onlyVisible), localized to idioma, ordered by name.
func ListProductos(ctx context.Context, q Querier, clienteID int64, cloverCategoryID, idioma string, onlyVisible bool) ([]Producto, error) {
	query := `SELECT p.id, p.name, p.description, p.price, p.image_path, p.visible FROM productos p`
	args := []any{clienteID}
	if cloverCategoryID != "" {
		query += ` JOIN producto_categorias pc ON pc.producto_id = p.id AND pc.clover_category_id = ?`
		args = []any{cloverCategoryID, clienteID}
	}
	query += ` WHERE p.cliente_id = ?`
	if onlyVisible {
		query += ` AND p.visible = 1`
	}
	query += ` ORDER BY p.name, p.id`
	tr, err := translations(ctx, q, clienteID, "producto")
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Producto{}
	for rows.Next() {
		var p Producto
		var vis int
		if err := rows.Scan(&p.ID, &p.Name, &p.Description, &p.Price, &p.ImagePath, &vis); err != nil {
			return nil, err
		}
		p.Visible = vis == 1
		p.Translations = orEmpty(tr[strconv.FormatInt(p.ID, 10)])
		p.Name = p.Translations.localize(idioma, "name", p.Name)
		p.Description = p.Translations.localize(idioma, "description", p.Description)
		out = append(out, p)
	}
	return out, rows.Err()
}

// Popup is a promotional popup (image, GIF or video).
type Popup struct {
	ID        int64  `json:"id"`
	ClienteID int64  `json:"cliente_id"`
	Name      string `json:"name"`
	FileURL   string `json:"file_url"`
	FileType  string `json:"file_type"`
	CreatedAt int64  `json:"created_at"`
}

// ListPopups returns the restaurant's active popups, newest first.
func ListPopups(ctx context.Context, q Querier, clienteID int64) ([]Popup, error) {
	rows, err := q.Query(ctx, `SELECT id, cliente_id, name, file_url, file_type, created_at FROM popups
		WHERE cliente_id = ? ORDER BY created_at DESC, id DESC`, clienteID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Popup{}
	for rows.Next() {
		var p Popup
		if err := rows.Scan(&p.ID, &p.ClienteID, &p.Name, &p.FileURL, &p.FileType, &p.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// CreatePopup stores a popup and bumps the menu version.
func CreatePopup(ctx context.Context, q Querier, p Popup) (int64, error) {
	id, err := insertID(ctx, q, `INSERT INTO popups (cliente_id, name, file_url, file_type, created_at) VALUES (?, ?, ?, ?, ?)`,
		p.ClienteID, p.Name, p.FileURL, p.FileType, q.now())
	if err != nil {
		return 0, err
	}
	return id, BumpMenuVersion(ctx, q, p.ClienteID)
}

// GetPopup returns one popup, ErrNotFound when missing.
func GetPopup(ctx context.Context, q Querier, id int64) (Popup, error) {
	var p Popup
	err := q.QueryRow(ctx, `SELECT id, cliente_id, name, file_url, file_type, created_at FROM popups WHERE id = ?`, id).
		Scan(&p.ID, &p.ClienteID, &p.Name, &p.FileURL, &p.FileType, &p.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNotFound
	}
	return p, err
}

// DeletePopup removes a popup of the restaurant.
func DeletePopup(ctx context.Context, q Querier, clienteID, id int64) error {
	res, err := q.Exec(ctx, `DELETE FROM popups WHERE id = ? AND cliente_id = ?`, id, clienteID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return BumpMenuVersion(ctx, q, clienteID)
}

func orEmpty(t Translations) Translations {
	if t == nil {
		return Translations{}
	}
	return t
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// PosCategoria is a POS category as the subcategory picker lists it.
type PosCategoria struct {
	CloverCategoryID   string `json:"clover_category_id"`
	SubcategoriaNombre string `json:"subcategoria_nombre"`
	Position           int    `json:"position"`
}

// ListPosCategorias lists the restaurant's POS categories in POS order.
func ListPosCategorias(ctx context.Context, q Querier, clienteID int64) ([]PosCategoria, error) {
	rows, err := q.Query(ctx, `SELECT clover_category_id, name, sort_order FROM pos_categorias WHERE cliente_id = ? ORDER BY sort_order, name`, clienteID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PosCategoria{}
	for rows.Next() {
		var p PosCategoria
		if err := rows.Scan(&p.CloverCategoryID, &p.SubcategoriaNombre, &p.Position); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// GetCategoriaByID returns a main category whatever its restaurant (the
// caller checks the tenant with ClienteID).
func GetCategoriaByID(ctx context.Context, q Querier, id int64) (Categoria, error) {
	var c Categoria
	err := q.QueryRow(ctx, `SELECT id, cliente_id, name, image_path FROM categorias WHERE id = ?`, id).Scan(&c.ID, &c.ClienteID, &c.Name, &c.ImagePath)
	return c, notFound(err)
}

// DeleteCategoria removes a main category with its links and translations.
func DeleteCategoria(ctx context.Context, q Querier, clienteID, id int64) error {
	res, err := q.Exec(ctx, `DELETE FROM categorias WHERE id = ? AND cliente_id = ?`, id, clienteID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	if _, err := q.Exec(ctx, `DELETE FROM traducciones WHERE cliente_id = ? AND entidad = 'categoria' AND entidad_id = ?`, clienteID, strconv.FormatInt(id, 10)); err != nil {
		return err
	}
	return BumpMenuVersion(ctx, q, clienteID)
}

// RenameCategoria changes a main category's Spanish name.
func RenameCategoria(ctx context.Context, q Querier, clienteID, id int64, name string) error {
	_, err := q.Exec(ctx, `UPDATE categorias SET name = ? WHERE id = ? AND cliente_id = ?`, name, id, clienteID)
	return err
}

// SetCategoriaImage sets a main category's image.
func SetCategoriaImage(ctx context.Context, q Querier, clienteID, id int64, path string) error {
	if _, err := q.Exec(ctx, `UPDATE categorias SET image_path = ? WHERE id = ? AND cliente_id = ?`, path, id, clienteID); err != nil {
		return err
	}
	return BumpMenuVersion(ctx, q, clienteID)
}

// UnlinkSubcategoria removes a POS category from a main category.
func UnlinkSubcategoria(ctx context.Context, q Querier, clienteID, categoriaID int64, cloverCategoryID string) error {
	res, err := q.Exec(ctx, `DELETE FROM subcategorias WHERE cliente_id = ? AND categoria_id = ? AND clover_category_id = ?`, clienteID, categoriaID, cloverCategoryID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return BumpMenuVersion(ctx, q, clienteID)
}

// GetProducto returns a product and its restaurant id.
func GetProducto(ctx context.Context, q Querier, id int64) (Producto, int64, error) {
	var p Producto
	var cid int64
	var vis int
	err := q.QueryRow(ctx, `SELECT id, cliente_id, name, description, price, image_path, visible FROM productos WHERE id = ?`, id).
		Scan(&p.ID, &cid, &p.Name, &p.Description, &p.Price, &p.ImagePath, &vis)
	p.Visible = vis == 1
	return p, cid, notFound(err)
}

func setProducto(ctx context.Context, q Querier, clienteID, id int64, col string, v any) error {
	if _, err := q.Exec(ctx, `UPDATE productos SET `+col+` = ? WHERE id = ? AND cliente_id = ?`, v, id, clienteID); err != nil {
		return err
	}
	return BumpMenuVersion(ctx, q, clienteID)
}

// SetProductoDescription sets the owner's description of a product.
func SetProductoDescription(ctx context.Context, q Querier, clienteID, id int64, d string) error {
	return setProducto(ctx, q, clienteID, id, "description", d)
}

// SetProductoVisible shows or hides a product on the menu.
func SetProductoVisible(ctx context.Context, q Querier, clienteID, id int64, visible bool) error {
	return setProducto(ctx, q, clienteID, id, "visible", boolInt(visible))
}

// SetProductoImage sets a product's image.
func SetProductoImage(ctx context.Context, q Querier, clienteID, id int64, path string) error {
	return setProducto(ctx, q, clienteID, id, "image_path", path)
}
