package menu

import (
	"context"
	"encoding/json"
	"errors"

	"carta/internal/apperr"
	"carta/internal/clientes"
	"carta/internal/pos"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Errors a sync reports to the owner (the spec's text) or the super admin.
var (
	ErrSync        = apperr.E(apperr.Unavailable, "Error al sincronizar con Clover.", "Error syncing with Clover.")
	ErrPOSExpired  = apperr.E(apperr.Unavailable, "Error al sincronizar con Clover: la conexión con el punto de venta expiró. El administrador debe volver a conectarla.", "Error syncing with Clover: the point-of-sale connection expired. The administrator must reconnect it.")
	ErrNoPOSConfig = apperr.E(apperr.Invalid, "Error al sincronizar con Clover: el restaurante no está conectado a un punto de venta.", "Error syncing with Clover: the restaurant is not connected to a point of sale.")
)

// SyncCategory and SyncItem are the POS data a sync applies.
type SyncCategory struct {
	ID, Name  string
	SortOrder int
}

type SyncItem struct {
	ID, Name      string
	Price         int64
	Hidden        bool
	Available     bool
	CategoryIDs   []string
	ModifiersJSON string
	TaxesJSON     string
}

// Sync reads the restaurant's whole POS catalogue first (streamed page by
// page into compact records), then applies it in ONE transaction: a
// failure at any point leaves the previous menu untouched, and a sync that
// changes nothing bumps no version.
func (s *Service) Sync(ctx context.Context, t tenant.ID) (_ SyncResult, err error) {
	ctx, done := s.Metrics.Job(ctx, "pos_sync")
	defer func() { done(err) }()
	conn, err := clientes.GetPOSConnection(ctx, s.DB, t)
	if err != nil {
		return SyncResult{}, clientes.Found(err)
	}
	if conn.Provider != "demo" && (conn.Token == "" || conn.Merchant == "") {
		return SyncResult{}, ErrNoPOSConfig
	}
	cat, err := s.Catalog(conn)
	if err != nil {
		return SyncResult{}, err
	}
	cats, err := cat.Categories(ctx)
	if err != nil {
		return SyncResult{}, posError(err)
	}
	scats := make([]SyncCategory, 0, len(cats))
	for _, c := range cats {
		scats = append(scats, SyncCategory{ID: c.ID, Name: c.Name, SortOrder: c.SortOrder})
	}
	var items []SyncItem
	err = cat.Items(ctx, func(it pos.Item) error {
		mods, err := json.Marshal(orEmptySlice(it.ModifierGroups))
		if err != nil {
			return err
		}
		taxes, err := json.Marshal(orEmptySlice(it.TaxRates))
		if err != nil {
			return err
		}
		items = append(items, SyncItem{ID: it.ID, Name: it.Name, Price: it.Price, Hidden: it.Hidden, Available: it.Available,
			CategoryIDs: it.CategoryIDs, ModifiersJSON: string(mods), TaxesJSON: string(taxes)})
		return nil
	})
	if err != nil {
		return SyncResult{}, posError(err)
	}
	included := false // a POS without a tax mode adds tax to its prices
	if ts, ok := cat.(pos.TaxSettings); ok {
		if included, err = ts.TaxIncluded(ctx); err != nil {
			return SyncResult{}, posError(err)
		}
	}
	var res SyncResult
	err = s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		var changed bool
		res, changed, err = applyCatalog(ctx, tx, t, scats, items)
		if err != nil {
			return err
		}
		modeChanged, err := setTaxIncluded(ctx, tx, t, included)
		if err == nil && !changed && !modeChanged {
			return errUnchanged
		}
		return err
	})
	return res, err
}

// setTaxIncluded stores the POS merchant's tax mode (see pos.TaxSettings)
// and says whether it changed: prices diners see change meaning with it.
func setTaxIncluded(ctx context.Context, tx *store.Tx, t tenant.ID, included bool) (bool, error) {
	res, err := tx.Exec(ctx, `UPDATE clientes SET pos_impuestos_incluidos = ? WHERE id = ? AND pos_impuestos_incluidos <> ?`,
		store.BoolInt(included), t.Int64(), store.BoolInt(included))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

func orEmptySlice[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// posError maps provider failures to what the owner is told.
func posError(err error) error {
	if _, ok := apperr.As(err); ok {
		return err
	}
	e := *ErrSync
	if errors.Is(err, pos.ErrUnauthorized) {
		e = *ErrPOSExpired
	}
	e.Err = err
	return &e
}
