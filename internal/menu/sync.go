// Package menu keeps a restaurant's menu in step with its point of sale.
package menu

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"carta/internal/apperr"
	"carta/internal/pos"
	"carta/internal/pos/clover"
	posdemo "carta/internal/pos/demo"
	"carta/internal/store"
)

// Errors a sync reports to the owner (the spec's text) or the super admin.
var (
	ErrSync        = apperr.E(apperr.Unavailable, "Error al sincronizar con Clover.", "Error syncing with Clover.")
	ErrPOSExpired  = apperr.E(apperr.Unavailable, "Error al sincronizar con Clover: la conexión con el punto de venta expiró. El administrador debe volver a conectarla.", "Error syncing with Clover: the point-of-sale connection expired. The administrator must reconnect it.")
	ErrNoPOSConfig = apperr.E(apperr.Invalid, "Error al sincronizar con Clover: el restaurante no está conectado a un punto de venta.", "Error syncing with Clover: the restaurant is not connected to a point of sale.")
)

// Syncer imports POS catalogues into the menu tables.
type Syncer struct {
	DB *store.DB
	// CloverBaseURL is used for restaurants without their own base URL.
	CloverBaseURL string
	// Catalog, when set, replaces provider selection (tests and benchmarks).
	Catalog func(conn store.POSConnection) (pos.Catalog, error)
}

// catalogFor picks the restaurant's POS implementation.
func (s *Syncer) catalogFor(conn store.POSConnection) (pos.Catalog, error) {
	if s.Catalog != nil {
		return s.Catalog(conn)
	}
	switch conn.Provider {
	case "demo":
		return posdemo.New(conn.Merchant)
	case "clover":
		if conn.Token == "" || conn.Merchant == "" {
			return nil, ErrNoPOSConfig
		}
		base := conn.BaseURL
		if base == "" {
			base = s.CloverBaseURL
		}
		return clover.New(base, conn.Merchant, conn.Token), nil
	}
	return nil, fmt.Errorf("unknown POS provider %q", conn.Provider)
}

// Sync reads the whole catalogue first (streamed page by page into compact
// records), then applies it in ONE transaction: a failure at any point
// leaves the previous menu untouched.
func (s *Syncer) Sync(ctx context.Context, clienteID int64) (store.SyncResult, error) {
	conn, err := store.GetPOSConnection(ctx, s.DB, clienteID)
	if err != nil {
		return store.SyncResult{}, err
	}
	cat, err := s.catalogFor(conn)
	if err != nil {
		return store.SyncResult{}, err
	}
	cats, err := cat.Categories(ctx)
	if err != nil {
		return store.SyncResult{}, posError(err)
	}
	scats := make([]store.SyncCategory, 0, len(cats))
	for _, c := range cats {
		scats = append(scats, store.SyncCategory{ID: c.ID, Name: c.Name, SortOrder: c.SortOrder})
	}
	var items []store.SyncItem
	err = cat.Items(ctx, func(it pos.Item) error {
		mods, err := json.Marshal(orEmpty(it.ModifierGroups))
		if err != nil {
			return err
		}
		taxes, err := json.Marshal(orEmpty(it.TaxRates))
		if err != nil {
			return err
		}
		items = append(items, store.SyncItem{ID: it.ID, Name: it.Name, Price: it.Price, Hidden: it.Hidden,
			CategoryIDs: it.CategoryIDs, ModifiersJSON: string(mods), TaxesJSON: string(taxes)})
		return nil
	})
	if err != nil {
		return store.SyncResult{}, posError(err)
	}
	var res store.SyncResult
	err = s.DB.InTx(ctx, func(tx *store.Tx) error {
		res, err = store.ApplyCatalog(ctx, tx, clienteID, scats, items)
		return err
	})
	return res, err
}

func orEmpty[T any](s []T) []T {
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
