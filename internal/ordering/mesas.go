package ordering

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/audit"
	"carta/internal/limits"
	"carta/internal/store"
	"carta/internal/tenant"
)

// The dining room: a restaurant's tables, each with the secret its printed
// QR carries (/mesa/{cliente_id}/{codigo}), and its settings for ordering
// at the table: the tab's mode, the tips offered, and whether pickup
// ordering stays on beside the tables.

// Modes of a table's tab.
const (
	// ModoPorPedido: each order is paid through the hosted checkout before
	// the kitchen sees it (no risk: Odoo's "pay per order").
	ModoPorPedido = "por_pedido"
	// ModoAlFinal: orders go to the kitchen at once and the tab is paid at
	// the end; a new tab's first order waits for a waiter's acceptance.
	ModoAlFinal = "al_final"
)

// TableOrderType is the POS order type of a table's tab.
const TableOrderType = "Carta — mesa"

// MaxTables is how many tables a restaurant may have (the numbers 1–500).
const MaxTables = 500

// TableRef is a table as diners and staff see it.
type TableRef struct {
	ID     int64  `json:"id"`
	Numero int    `json:"numero"`
	Nombre string `json:"nombre"` // empty: "Mesa {numero}"
}

// label is how the POS and the kitchen's ticket name the table.
func (m TableRef) label() string {
	if m.Nombre != "" {
		return m.Nombre
	}
	return "Mesa " + strconv.Itoa(m.Numero)
}

// TipSettings are the tips a restaurant suggests. With Activo, the diner
// always also sees 'Sin propina' and 'Otra cantidad'; Defecto is marked as
// the suggestion, never preselected.
type TipSettings struct {
	Activo      bool  `json:"activo"`
	Porcentajes []int `json:"porcentajes"`
	Defecto     int   `json:"defecto"`
}

// defaultTips are the tips of a restaurant that never set them: off in
// Spain (where tipping at the table is not the custom), 10/15/20 % with 15
// suggested in Mexico and the US.
func defaultTips(pais string) TipSettings {
	return TipSettings{Activo: pais != "ES", Porcentajes: []int{10, 15, 20}, Defecto: 15}
}

// TableSetting is a table with its printed code, for the owner.
type TableSetting struct {
	TableRef
	Codigo string `json:"codigo"`
	URL    string `json:"url"`
}

// TablesSettings are a restaurant's dining-room settings.
type TablesSettings struct {
	Mesas         []TableSetting `json:"mesas"`
	Modo          string         `json:"modo"`
	Propinas      TipSettings    `json:"propinas"`
	RecogerActivo bool           `json:"recoger_activo"`
}

// TableInput is a table as the settings page sends it.
type TableInput struct {
	Numero int    `json:"numero"`
	Nombre string `json:"nombre"`
}

// TablesInput is the settings page's whole dining room.
type TablesInput struct {
	Mesas         []TableInput `json:"mesas"`
	Modo          string       `json:"modo"`
	Propinas      TipSettings  `json:"propinas"`
	RecogerActivo bool         `json:"recoger_activo"`
}

// Dining-room errors.
var (
	ErrTableCode = apperr.E(apperr.NotFound, "Este código de mesa ya no es válido. Puedes ver la carta; para pedir a la mesa, escanea el código que está en tu mesa o pide ayuda al personal.",
		"This table code is no longer valid. You can see the menu; to order at the table, scan the code on your table or ask the staff.")
	ErrTableNumber = apperr.E(apperr.Invalid, fmt.Sprintf("El número de mesa debe ser un entero entre 1 y %d.", MaxTables), fmt.Sprintf("The table number must be a whole number from 1 to %d.", MaxTables))
	ErrTableTwice  = apperr.E(apperr.Invalid, "Hay dos mesas con el mismo número.", "Two tables have the same number.")
	ErrTableModo   = apperr.E(apperr.Invalid, "Elige cómo se pagan las mesas: pago por pedido o pago al final.", "Choose how tables pay: per order or at the end.")
	ErrTipsBad     = apperr.E(apperr.Invalid, "Las propinas sugeridas son hasta 4 porcentajes distintos entre 1 y 50; la sugerida debe ser una de ellas.",
		"Suggested tips are up to 4 different percentages from 1 to 50; the suggested one must be one of them.")
	ErrNoPickup = apperr.E(apperr.Invalid, "Este restaurante solo acepta pedidos en sus mesas.", "This restaurant only takes orders at its tables.")
)

func errTableBusy(numero int) error {
	return apperr.E(apperr.Conflict, fmt.Sprintf("La mesa %d tiene una cuenta abierta: ciérrala antes de quitar la mesa.", numero),
		fmt.Sprintf("Table %d has an open tab: close it before removing the table.", numero))
}

// tablesConfig is the dining room's settings as pedidos_config keeps them.
type tablesConfig struct {
	Pais          string // the restaurant's country (its money format)
	Modo          string
	Propinas      TipSettings
	RecogerActivo bool
}

// tablesConfigCols read a restaurant's country and dining-room settings
// from tablesConfigFrom (recoger -1: none saved); tablesConfigOf makes
// them a tablesConfig.
const (
	tablesConfigCols = `c.pais, COALESCE(p.mesas_modo, ''), COALESCE(p.propinas_json, ''), COALESCE(p.recoger_activo, -1)`
	tablesConfigFrom = `clientes c LEFT JOIN pedidos_config p ON p.cliente_id = c.id`
)

func getTablesConfig(ctx context.Context, q store.Querier, clienteID int64) (tablesConfig, error) {
	var pais, modo, tips string
	var recoger int
	if err := q.QueryRow(ctx, `SELECT `+tablesConfigCols+` FROM `+tablesConfigFrom+` WHERE c.id = ?`, clienteID).Scan(&pais, &modo, &tips, &recoger); err != nil {
		return tablesConfig{}, store.NotFound(err)
	}
	return tablesConfigOf(clienteID, pais, modo, tips, recoger)
}

// tablesConfigIn is getTablesConfig of a restaurant whose country is
// known.
func tablesConfigIn(ctx context.Context, q store.Querier, clienteID int64, pais string) (tablesConfig, error) {
	var modo, tips string
	recoger := -1
	err := q.QueryRow(ctx, `SELECT mesas_modo, propinas_json, recoger_activo FROM pedidos_config WHERE cliente_id = ?`, clienteID).Scan(&modo, &tips, &recoger)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return tablesConfig{}, err
	}
	return tablesConfigOf(clienteID, pais, modo, tips, recoger)
}

// tablesConfigOf is the dining room's settings from their columns
// (recoger -1: none saved, the defaults of the country).
func tablesConfigOf(clienteID int64, pais, modo, tips string, recoger int) (tablesConfig, error) {
	c := tablesConfig{Pais: pais, Modo: ModoPorPedido, Propinas: defaultTips(pais), RecogerActivo: true}
	if recoger == -1 {
		return c, nil
	}
	c.Modo, c.RecogerActivo = modo, recoger == 1
	if tips != "" {
		if err := json.Unmarshal([]byte(tips), &c.Propinas); err != nil {
			return c, fmt.Errorf("tips of %d: %w", clienteID, err)
		}
	}
	if c.Propinas.Porcentajes == nil {
		c.Propinas.Porcentajes = []int{}
	}
	return c, nil
}

// checkTips cleans the tips the owner suggests.
func checkTips(t TipSettings) (TipSettings, error) {
	if len(t.Porcentajes) > 4 {
		return t, ErrTipsBad
	}
	seen := map[int]bool{}
	for _, p := range t.Porcentajes {
		if p < 1 || p > 50 || seen[p] {
			return t, ErrTipsBad
		}
		seen[p] = true
	}
	if t.Defecto != 0 && !seen[t.Defecto] {
		return t, ErrTipsBad
	}
	if t.Activo && len(t.Porcentajes) == 0 {
		return t, ErrTipsBad
	}
	if t.Porcentajes == nil {
		t.Porcentajes = []int{}
	}
	slices.Sort(t.Porcentajes)
	return t, nil
}

// tableURL is what a table's printed QR encodes.
func (s *Service) tableURL(clienteID int64, codigo string) string {
	return fmt.Sprintf("%s/mesa/%d/%s", s.BaseURL, clienteID, codigo)
}

// Tables is the restaurant's dining room for its owner: the active tables
// with their printed codes and the settings.
func (s *Service) Tables(ctx context.Context, t tenant.ID) (TablesSettings, error) {
	return s.tables(ctx, s.DB, t)
}

func (s *Service) tables(ctx context.Context, q store.Querier, t tenant.ID) (TablesSettings, error) {
	c, err := getTablesConfig(ctx, q, t.Int64())
	if err != nil {
		return TablesSettings{}, err
	}
	out := TablesSettings{Mesas: []TableSetting{}, Modo: c.Modo, Propinas: c.Propinas, RecogerActivo: c.RecogerActivo}
	rows, err := q.Query(ctx, `SELECT id, numero, nombre, codigo FROM mesas WHERE cliente_id = ? AND activa = 1 ORDER BY numero`, t.Int64())
	if err != nil {
		return out, err
	}
	defer rows.Close()
	for rows.Next() {
		var m TableSetting
		if err := rows.Scan(&m.ID, &m.Numero, &m.Nombre, &m.Codigo); err != nil {
			return out, err
		}
		m.URL = s.tableURL(t.Int64(), m.Codigo)
		out.Mesas = append(out.Mesas, m)
	}
	return out, rows.Err()
}

// tableRefs are the restaurant's active tables without their codes (what
// waiters see).
func tableRefs(ctx context.Context, q store.Querier, t tenant.ID) ([]TableRef, error) {
	rows, err := q.Query(ctx, `SELECT id, numero, nombre FROM mesas WHERE cliente_id = ? AND activa = 1 ORDER BY numero`, t.Int64())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []TableRef{}
	for rows.Next() {
		var m TableRef
		if err := rows.Scan(&m.ID, &m.Numero, &m.Nombre); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// SaveTables replaces the dining room: the tables listed are kept (a new
// name) or created (with a new code); a table left out is retired, unless
// it has an open tab. The mode applies to tabs opened from now on.
func (s *Service) SaveTables(ctx context.Context, t tenant.ID, in TablesInput, rec ...audit.Recorder) (TablesSettings, error) {
	if in.Modo != ModoPorPedido && in.Modo != ModoAlFinal {
		return TablesSettings{}, ErrTableModo
	}
	tips, err := checkTips(in.Propinas)
	if err != nil {
		return TablesSettings{}, err
	}
	if len(in.Mesas) > MaxTables {
		return TablesSettings{}, ErrTableNumber
	}
	want := map[int]string{}
	for _, m := range in.Mesas {
		if m.Numero < 1 || m.Numero > MaxTables {
			return TablesSettings{}, ErrTableNumber
		}
		if _, dup := want[m.Numero]; dup {
			return TablesSettings{}, ErrTableTwice
		}
		name, err := limits.TableName.Check(m.Nombre)
		if err != nil {
			return TablesSettings{}, err
		}
		want[m.Numero] = name
	}
	tipsJSON, err := json.Marshal(tips)
	if err != nil {
		return TablesSettings{}, err
	}
	var out TablesSettings
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		now := tx.NowUnix()
		rows, err := tx.Query(ctx, `SELECT m.id, m.numero, m.activa, EXISTS (SELECT 1 FROM cuentas c WHERE c.mesa_id = m.id AND c.estado IN ('por_aceptar', 'abierta'))
			FROM mesas m WHERE m.cliente_id = ?`, t.Int64())
		if err != nil {
			return err
		}
		type have struct {
			id           int64
			activa, open bool
		}
		existing := map[int]have{}
		for rows.Next() {
			var h have
			var n int
			var activa int
			if err := rows.Scan(&h.id, &n, &activa, &h.open); err != nil {
				rows.Close()
				return err
			}
			h.activa = activa == 1
			existing[n] = h
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for n, h := range existing {
			if _, keep := want[n]; !keep && h.activa {
				if h.open {
					return errTableBusy(n)
				}
				if _, err := tx.Exec(ctx, `UPDATE mesas SET activa = 0, updated_at = ? WHERE id = ?`, now, h.id); err != nil {
					return err
				}
			}
		}
		for n, name := range want {
			if h, ok := existing[n]; ok {
				if _, err := tx.Exec(ctx, `UPDATE mesas SET nombre = ?, activa = 1, updated_at = ? WHERE id = ?`, name, now, h.id); err != nil {
					return err
				}
				continue
			}
			code, err := newToken()
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO mesas (cliente_id, numero, nombre, codigo, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
				t.Int64(), n, name, code, now, now); err != nil {
				return err
			}
		}
		// The row exists with the ordering settings in effect (a restaurant
		// that never saved them gets its defaults written as they are).
		cfg, err := getConfig(ctx, tx, t.Int64())
		if err != nil {
			return err
		}
		if err := saveConfig(ctx, tx, t, cfg); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE pedidos_config SET mesas_modo = ?, propinas_json = ?, recoger_activo = ?, updated_at = ? WHERE cliente_id = ?`,
			in.Modo, string(tipsJSON), store.BoolInt(in.RecogerActivo), now, t.Int64()); err != nil {
			return err
		}
		if out, err = s.tables(ctx, tx, t); err != nil {
			return err
		}
		return audit.Note(ctx, tx, rec, t, "mesas.config", "Mesas y cobro en la mesa", tablesDetail(out))
	})
	if err == nil {
		s.forget(t.Int64())
	}
	return out, err
}

// RenewCodes gives every table a new printed code (the owner reprints the
// sheet): the old QR codes open the plain menu with a message from now on.
// Open tabs go on: their phones hold the tab's own secret.
func (s *Service) RenewCodes(ctx context.Context, t tenant.ID, rec ...audit.Recorder) (TablesSettings, error) {
	var out TablesSettings
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		ids, err := ids(tx.Query(ctx, `SELECT id FROM mesas WHERE cliente_id = ? AND activa = 1`, t.Int64()))
		if err != nil {
			return err
		}
		for _, id := range ids {
			code, err := newToken()
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE mesas SET codigo = ?, updated_at = ? WHERE id = ?`, code, tx.NowUnix(), id); err != nil {
				return err
			}
		}
		if out, err = s.tables(ctx, tx, t); err != nil {
			return err
		}
		return audit.Note(ctx, tx, rec, t, "mesas.codigos", "Códigos QR de las mesas",
			fmt.Sprintf("Códigos nuevos: %d mesas (los impresos antes dejan de servir)", len(ids)))
	})
	return out, err
}

// tablesDetail is the audit log's account of the dining-room settings just
// saved: how tables pay, the tips offered, pickup, how many tables.
func tablesDetail(v TablesSettings) string {
	modo := "pago por pedido"
	if v.Modo == ModoAlFinal {
		modo = "pago al final"
	}
	tips := "no"
	if v.Propinas.Activo {
		pcts := make([]string, len(v.Propinas.Porcentajes))
		for i, p := range v.Propinas.Porcentajes {
			pcts[i] = strconv.Itoa(p)
		}
		tips = fmt.Sprintf("%s %% (sugerida %d %%)", strings.Join(pcts, "/"), v.Propinas.Defecto)
	}
	recoger := "no"
	if v.RecogerActivo {
		recoger = "sí"
	}
	return fmt.Sprintf("Mesas: %d; cobro: %s; propinas: %s; pedidos para recoger: %s", len(v.Mesas), modo, tips, recoger)
}

// tableByCode is the active table a printed code names (ErrTableCode for an
// old, guessed or other restaurant's code).
func tableByCode(ctx context.Context, q store.Querier, clienteID int64, codigo string) (TableRef, error) {
	if len(codigo) < 16 || len(codigo) > 64 {
		return TableRef{}, ErrTableCode
	}
	var m TableRef
	err := q.QueryRow(ctx, `SELECT id, numero, nombre FROM mesas WHERE cliente_id = ? AND codigo = ? AND activa = 1`, clienteID, codigo).Scan(&m.ID, &m.Numero, &m.Nombre)
	if errors.Is(err, sql.ErrNoRows) {
		return TableRef{}, ErrTableCode
	}
	return m, err
}

// SeedTables gives a restaurant without tables n tables (1..n) in mode,
// each with its printed code: the demo's dining room. A restaurant that
// has tables is left as it is.
func SeedTables(ctx context.Context, db *store.DB, t tenant.ID, n int, modo string) error {
	return db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		var have int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM mesas WHERE cliente_id = ?`, t.Int64()).Scan(&have); err != nil || have > 0 {
			return err
		}
		now := tx.NowUnix()
		for i := 1; i <= n; i++ {
			code, err := newToken()
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO mesas (cliente_id, numero, nombre, codigo, created_at, updated_at) VALUES (?, ?, '', ?, ?, ?)`,
				t.Int64(), i, code, now, now); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `UPDATE pedidos_config SET mesas_modo = ? WHERE cliente_id = ?`, modo, t.Int64())
		return err
	})
}
