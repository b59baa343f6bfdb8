// Package clientes is the restaurant (cliente) itself: its record, its
// state and how it reaches its point of sale. Everything a restaurant owns
// lives in the domain packages (menu, offers, ...) and is scoped by it.
package clientes

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"carta/internal/apperr"
	"carta/internal/locale"
	"carta/internal/secrets"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Cliente is a restaurant (a tenant).
type Cliente struct {
	ID               int64   `json:"id"`
	Nombre           string  `json:"nombre"`
	MerchantID       *string `json:"merchant_id"`
	Email            string  `json:"email"`
	Estado           string  `json:"estado"`
	FechaProximoPago *string `json:"fecha_proximo_pago"`
	// Idioma is the restaurant's language for what Carta e-mails it (es, en).
	Idioma string `json:"idioma"`
	// Pais is the restaurant's country (internal/locale: ES, MX, US), which
	// gives its locale and, when set, its currency and time zone.
	Pais string `json:"pais"`
	// The point-of-sale connection, without its secrets: the provider
	// ("demo" or "clover"), whether it is connected, whether the POS refused
	// it (the restaurant must be connected again), and whether the
	// restaurant's own hosted-checkout webhook secret is set.
	POSProvider      string `json:"pos_provider"`
	POSConectado     bool   `json:"pos_conectado"`
	POSReconectar    bool   `json:"pos_reconectar"`
	WebhookSecretSet bool   `json:"webhook_secret_configurado"`
}

// Restaurant states: pendiente (invited), activo, suspendido (by the super
// admin; its public pages are not available).
const (
	EstadoPendiente  = "pendiente"
	EstadoActivo     = "activo"
	EstadoSuspendido = "suspendido"
)

// ErrNotFound is the answer about a restaurant that does not exist.
var ErrNotFound = apperr.E(apperr.NotFound, "Restaurante no encontrado.", "Restaurant not found.")

const cols = `id, nombre, merchant_id, email, estado, fecha_proximo_pago, idioma, pais, pos_provider,
	CASE WHEN pos_provider = 'demo' OR pos_token <> '' THEN 1 ELSE 0 END, pos_reconectar,
	CASE WHEN webhook_secret <> '' THEN 1 ELSE 0 END`

func scan(row interface{ Scan(...any) error }) (Cliente, error) {
	var c Cliente
	var mid, fecha sql.NullString
	var connected, reconnect, secret int
	if err := row.Scan(&c.ID, &c.Nombre, &mid, &c.Email, &c.Estado, &fecha, &c.Idioma, &c.Pais, &c.POSProvider,
		&connected, &reconnect, &secret); err != nil {
		return c, store.NotFound(err)
	}
	c.POSConectado, c.POSReconectar, c.WebhookSecretSet = connected == 1, reconnect == 1, secret == 1
	if mid.Valid {
		c.MerchantID = &mid.String
	}
	if fecha.Valid {
		c.FechaProximoPago = &fecha.String
	}
	return c, nil
}

// Create inserts a restaurant and returns its id. An empty merchant id is
// stored as NULL; a duplicate merchant id is store.ErrConflict.
func Create(ctx context.Context, q store.Querier, c Cliente) (int64, error) {
	if c.Estado == "" {
		c.Estado = EstadoPendiente
	}
	if c.Idioma == "" {
		c.Idioma = "es"
	}
	if c.Pais == "" {
		c.Pais = locale.Default()
	}
	id, err := store.InsertID(ctx, q, `INSERT INTO clientes (nombre, merchant_id, email, estado, fecha_proximo_pago, idioma, pais, busqueda, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, c.Nombre, c.MerchantID, c.Email, c.Estado, c.FechaProximoPago, c.Idioma, c.Pais, searchText(c), q.NowUnix())
	if store.IsUniqueViolation(err) {
		return 0, store.ErrConflict
	}
	if err != nil {
		return 0, fmt.Errorf("create cliente: %w", err)
	}
	return id, nil
}

// Get returns the restaurant, store.ErrNotFound when it does not exist.
func Get(ctx context.Context, q store.Querier, t tenant.Scope) (Cliente, error) {
	return scan(q.QueryRow(ctx, `SELECT `+cols+` FROM clientes WHERE id = ?`, t.Int64()))
}

// ByMerchant returns the restaurant with that merchant id (provider
// webhooks and seeding name restaurants by it).
func ByMerchant(ctx context.Context, q store.Querier, merchantID string) (Cliente, error) {
	return scan(q.QueryRow(ctx, `SELECT `+cols+` FROM clientes WHERE merchant_id = ?`, merchantID))
}

// List returns every restaurant ordered by id (the super admin's view).
func List(ctx context.Context, q store.Querier) ([]Cliente, error) {
	rows, err := q.Query(ctx, `SELECT `+cols+` FROM clientes ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Cliente{}
	for rows.Next() {
		c, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Found maps store.ErrNotFound to the restaurant's not-found answer.
func Found(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return ErrNotFound
	}
	return err
}

// Where is a restaurant's country and its ordering settings' time zone
// ("" when it has saved none: the country's applies, see locale.ZoneOf).
func Where(ctx context.Context, q store.Querier, id int64) (pais, zona string, err error) {
	pais, zona, _, err = WhereAndTax(ctx, q, id)
	return pais, zona, err
}

// WhereAndTax is Where and the tax mode the restaurant's menu prices are
// in: taxIncluded when its POS merchant's prices include the tax (as the
// last catalogue sync read it; POSConnection.TaxIncluded).
func WhereAndTax(ctx context.Context, q store.Querier, id int64) (pais, zona string, taxIncluded bool, err error) {
	var included int
	err = q.QueryRow(ctx, `SELECT c.pais, COALESCE((SELECT p.zona_horaria FROM pedidos_config p WHERE p.cliente_id = c.id), ''),
		c.pos_impuestos_incluidos FROM clientes c WHERE c.id = ?`, id).Scan(&pais, &zona, &included)
	return pais, zona, included == 1, err
}

// POSConnection is how a restaurant reaches its point of sale.
type POSConnection struct {
	ClienteID int64  // the restaurant (for its TokenSource)
	Provider  string // "demo" or "clover"
	Token     string // the access token (opened)
	BaseURL   string
	Merchant  string
	// TokenExpires is when Token expires (Unix seconds; 0: it does not,
	// as a merchant API token). Reconnect: the POS refused the connection
	// and the super admin must connect the restaurant again.
	TokenExpires int64
	Reconnect    bool
	// TaxIncluded is the POS merchant's tax mode as the last sync read it
	// (Clover's merchant property "vat"): its prices include the tax.
	TaxIncluded bool
	// Pais is the restaurant's country: the demo POS stands in for a
	// merchant of that country (pos/demo.ForRestaurant).
	Pais string
}

// place names where a secret of a restaurant is stored: a sealed value
// opens only there.
func place(col string, id int64) string { return fmt.Sprintf("clientes.%s:%d", col, id) }

// GetPOSConnection returns how the restaurant reaches its point of sale,
// its token opened.
func GetPOSConnection(ctx context.Context, q store.Querier, t tenant.ID) (POSConnection, error) {
	c := POSConnection{ClienteID: t.Int64()}
	var mid *string
	var reconnect, included int
	err := q.QueryRow(ctx, `SELECT pos_provider, pos_token, pos_base_url, merchant_id, pos_token_expira, pos_reconectar, pos_impuestos_incluidos, pais
		FROM clientes WHERE id = ?`, t.Int64()).
		Scan(&c.Provider, &c.Token, &c.BaseURL, &mid, &c.TokenExpires, &reconnect, &included, &c.Pais)
	if err != nil {
		return c, store.NotFound(err)
	}
	if mid != nil {
		c.Merchant = *mid
	}
	c.Reconnect = reconnect == 1
	c.TaxIncluded = included == 1
	if c.Token, err = q.Secrets().Open(c.Token, place("pos_token", t.Int64())); err != nil {
		return c, fmt.Errorf("open the POS token of %d: %w", t.Int64(), err)
	}
	return c, nil
}

// SetPOSConnection stores how the restaurant reaches its point of sale
// (its token sealed), as connected now.
func SetPOSConnection(ctx context.Context, q store.Querier, t tenant.ID, c POSConnection) error {
	tok, err := q.Secrets().Seal(c.Token, place("pos_token", t.Int64()))
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `UPDATE clientes SET pos_provider = ?, pos_token = ?, pos_base_url = ?, pos_token_expira = ?, pos_reconectar = 0,
		pos_conectado_at = ? WHERE id = ?`, c.Provider, tok, c.BaseURL, c.TokenExpires, q.NowUnix(), t.Int64())
	return err
}

// Lock holds the restaurant's row until the transaction tx ends (SELECT …
// FOR UPDATE on PostgreSQL; SQLite's write transactions are serialised
// already): changes of one restaurant that first check its state take
// turns.
func Lock(ctx context.Context, tx *store.Tx, t tenant.ID) error {
	var id int64
	return store.NotFound(tx.QueryRow(ctx, `SELECT id FROM clientes WHERE id = ?`+store.ForUpdate(tx), t.Int64()).Scan(&id))
}

// Tokens are a restaurant's OAuth tokens (opened).
type Tokens struct {
	Access, Refresh               string
	AccessExpires, RefreshExpires int64 // Unix seconds
}

// GetTokens reads the restaurant's OAuth tokens; in a transaction with
// lock, the row stays locked until it ends (refreshes of one merchant are
// serialised: each refresh token works once).
func GetTokens(ctx context.Context, q store.Querier, t tenant.ID, lock bool) (Tokens, error) {
	var tk Tokens
	query := `SELECT pos_token, pos_refresh_token, pos_token_expira, pos_refresh_expira FROM clientes WHERE id = ?`
	if lock {
		query += store.ForUpdate(q)
	}
	err := q.QueryRow(ctx, query, t.Int64()).Scan(&tk.Access, &tk.Refresh, &tk.AccessExpires, &tk.RefreshExpires)
	if err != nil {
		return tk, store.NotFound(err)
	}
	if tk.Access, err = q.Secrets().Open(tk.Access, place("pos_token", t.Int64())); err != nil {
		return tk, err
	}
	tk.Refresh, err = q.Secrets().Open(tk.Refresh, place("pos_refresh_token", t.Int64()))
	return tk, err
}

// SaveTokens stores the restaurant's OAuth tokens, sealed, and clears the
// need to reconnect.
func SaveTokens(ctx context.Context, q store.Querier, t tenant.ID, tk Tokens) error {
	access, err := q.Secrets().Seal(tk.Access, place("pos_token", t.Int64()))
	if err != nil {
		return err
	}
	refresh, err := q.Secrets().Seal(tk.Refresh, place("pos_refresh_token", t.Int64()))
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `UPDATE clientes SET pos_token = ?, pos_refresh_token = ?, pos_token_expira = ?, pos_refresh_expira = ?, pos_reconectar = 0
		WHERE id = ?`, access, refresh, tk.AccessExpires, tk.RefreshExpires, t.Int64())
	return err
}

// MarkReconnect records that the POS refused the restaurant's connection.
func MarkReconnect(ctx context.Context, q store.Querier, t tenant.ID) error {
	_, err := q.Exec(ctx, `UPDATE clientes SET pos_reconectar = 1 WHERE id = ?`, t.Int64())
	return err
}

// SealPlaintext seals the secrets stored before sealing existed, and those
// sealed with a key being rotated out. It returns how many it sealed.
func SealPlaintext(ctx context.Context, db *store.DB) (int, error) {
	n := 0
	for _, col := range []string{"pos_token", "pos_refresh_token", "webhook_secret"} {
		rows, err := db.Query(ctx, `SELECT id, `+col+` FROM clientes WHERE `+col+` <> ''`)
		if err != nil {
			return n, err
		}
		type value struct {
			id int64
			v  string
		}
		var todo []value
		for rows.Next() {
			var v value
			if err := rows.Scan(&v.id, &v.v); err != nil {
				rows.Close()
				return n, err
			}
			if !secrets.IsSealed(v.v) || !db.Box.Current(v.v) {
				todo = append(todo, v)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return n, err
		}
		for _, v := range todo {
			plain, err := db.Box.Open(v.v, place(col, v.id))
			if err != nil {
				return n, fmt.Errorf("open %s of %d: %w", col, v.id, err)
			}
			sealed, err := db.Box.Seal(plain, place(col, v.id))
			if err != nil {
				return n, err
			}
			res, err := db.Exec(ctx, `UPDATE clientes SET `+col+` = ? WHERE id = ? AND `+col+` = ?`, sealed, v.id, v.v)
			if err != nil {
				return n, err
			}
			if k, _ := res.RowsAffected(); k == 1 {
				n++
			}
		}
	}
	return n, nil
}

// SetWebhookSecret stores the restaurant's hosted-checkout webhook signing
// secret (from its Clover dashboard), sealed; empty removes it.
func SetWebhookSecret(ctx context.Context, q store.Querier, t tenant.ID, secret string) error {
	sealed, err := q.Secrets().Seal(secret, place("webhook_secret", t.Int64()))
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `UPDATE clientes SET webhook_secret = ? WHERE id = ?`, sealed, t.Int64())
	return err
}

// SetPOSProvider selects the restaurant's point-of-sale provider.
func SetPOSProvider(ctx context.Context, q store.Querier, t tenant.ID, provider string) error {
	_, err := q.Exec(ctx, `UPDATE clientes SET pos_provider = ? WHERE id = ?`, provider, t.Int64())
	return err
}

// searchText is what the super admin's search matches: name, e-mail and
// merchant id, lowercased and without accents.
func searchText(c Cliente) string {
	mid := ""
	if c.MerchantID != nil {
		mid = *c.MerchantID
	}
	return store.Fold(c.Nombre + " " + c.Email + " " + mid)
}

// Filter selects a page of the super admin's list: Query matches name,
// e-mail or merchant id (accent- and case-insensitive); Estado, when set,
// one state; Reconnect only restaurants whose POS refused the connection.
type Filter struct {
	Query     string
	Estado    string
	Reconnect bool
	Limit     int
	Offset    int
}

// Page is one page of restaurants and how many match in all.
type Page struct {
	Clientes []Cliente `json:"clientes"`
	Total    int       `json:"total"`
}

// Search returns a page of restaurants, newest first by id. The search
// reads the busqueda column (kept folded on every write); the state
// filter and the order use the (estado, id) index.
func Search(ctx context.Context, q store.Querier, f Filter) (Page, error) {
	where, args := []string{"1 = 1"}, []any{}
	if f.Query != "" {
		where = append(where, "busqueda LIKE ? ESCAPE '\\'")
		args = append(args, store.LikeContains(store.Fold(f.Query)))
	}
	if f.Estado != "" {
		where = append(where, "estado = ?")
		args = append(args, f.Estado)
	}
	if f.Reconnect {
		where = append(where, "pos_reconectar = 1")
	}
	cond := strings.Join(where, " AND ")
	p := Page{Clientes: []Cliente{}}
	if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM clientes WHERE `+cond, args...).Scan(&p.Total); err != nil {
		return p, err
	}
	rows, err := q.Query(ctx, `SELECT `+cols+` FROM clientes WHERE `+cond+` ORDER BY id DESC LIMIT ? OFFSET ?`,
		append(args, f.Limit, f.Offset)...)
	if err != nil {
		return p, err
	}
	defer rows.Close()
	for rows.Next() {
		c, err := scan(rows)
		if err != nil {
			return p, err
		}
		p.Clientes = append(p.Clientes, c)
	}
	return p, rows.Err()
}

// Update stores the super admin's edits of a restaurant: name, e-mail,
// merchant id (empty: none), next billing date, language. A taken
// merchant id is store.ErrConflict.
func Update(ctx context.Context, q store.Querier, t tenant.ID, c Cliente) error {
	if c.Pais == "" {
		c.Pais = locale.Default()
	}
	res, err := q.Exec(ctx, `UPDATE clientes SET nombre = ?, email = ?, merchant_id = ?, fecha_proximo_pago = ?, idioma = ?, pais = ?, busqueda = ? WHERE id = ?`,
		c.Nombre, c.Email, c.MerchantID, c.FechaProximoPago, c.Idioma, c.Pais, searchText(c), t.Int64())
	if store.IsUniqueViolation(err) {
		return store.ErrConflict
	}
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// SetEstado sets the restaurant's state.
func SetEstado(ctx context.Context, q store.Querier, t tenant.ID, estado string) error {
	_, err := q.Exec(ctx, `UPDATE clientes SET estado = ? WHERE id = ?`, estado, t.Int64())
	return err
}

// Activate moves a pendiente restaurant to activo once it has both an
// owner account (its password set) and a connected point of sale. It
// reports whether it did.
func Activate(ctx context.Context, q store.Querier, t tenant.ID) (bool, error) {
	res, err := q.Exec(ctx, `UPDATE clientes SET estado = 'activo' WHERE id = ? AND estado = 'pendiente'
		AND (pos_provider = 'demo' OR pos_token <> '')
		AND EXISTS (SELECT 1 FROM staff_users WHERE staff_users.cliente_id = clientes.id)`, t.Int64())
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// Counts is how many restaurants are in each state, and how many need
// their POS connected again (the super admin's badges).
type Counts struct {
	Pendiente  int `json:"pendiente"`
	Activo     int `json:"activo"`
	Suspendido int `json:"suspendido"`
	Reconectar int `json:"reconectar"`
}

// Count counts the restaurants by state.
func Count(ctx context.Context, q store.Querier) (Counts, error) {
	var c Counts
	err := q.QueryRow(ctx, `SELECT
		COALESCE(SUM(CASE WHEN estado = 'pendiente' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN estado = 'activo' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN estado = 'suspendido' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(pos_reconectar), 0) FROM clientes`).Scan(&c.Pendiente, &c.Activo, &c.Suspendido, &c.Reconectar)
	return c, err
}

// WebhookSigner is a restaurant's merchant id and its own webhook signing
// secret ("" when it has none): a hosted checkout's webhook is verified
// with the secret of the restaurant its session belongs to.
func WebhookSigner(ctx context.Context, q store.Querier, t tenant.ID) (merchant, secret string, err error) {
	var mid sql.NullString
	var sealed string
	err = q.QueryRow(ctx, `SELECT merchant_id, webhook_secret FROM clientes WHERE id = ?`, t.Int64()).Scan(&mid, &sealed)
	if err != nil {
		return "", "", store.NotFound(err)
	}
	secret, err = q.Secrets().Open(sealed, place("webhook_secret", t.Int64()))
	return mid.String, secret, err
}
