package store_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"testing"

	"carta/internal/apperr"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// TestUnavailableIsOnlyTheStoresConnection checks that only the store's own
// failures to reach the database say "unavailable": a truncated upload's
// io.ErrUnexpectedEOF or a provider's network error is not the database
// being down, however it is wrapped.
func TestUnavailableIsOnlyTheStoresConnection(t *testing.T) {
	for _, err := range []error{
		io.ErrUnexpectedEOF,
		fmt.Errorf("decode png: %w", io.ErrUnexpectedEOF),
		&apperr.Error{Kind: apperr.Invalid, ES: "La imagen está dañada o incompleta.", Err: io.ErrUnexpectedEOF},
		&net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")},
		fmt.Errorf("clover: list items: %w", &net.OpError{Op: "read", Net: "tcp", Err: errors.New("connection reset by peer")}),
		net.ErrClosed,
		nil,
	} {
		if store.Unavailable(err) {
			t.Errorf("Unavailable(%v) = true for an error that did not come from the store", err)
		}
	}
}

// TestConnectionLossIsUnavailable cuts the connection to PostgreSQL (a TCP
// proxy in between) and checks that every way a query can fail then says
// so: Exec, Query, QueryRow's Scan, InTx; a query's own error does not.
func TestConnectionLossIsUnavailable(t *testing.T) {
	db, proxy := storetest.PostgresBehindProxy(t)
	ctx := context.Background()

	var one int
	if err := db.QueryRow(ctx, "SELECT 1").Scan(&one); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, "SELECT * FROM no_such_table"); err == nil || store.Unavailable(err) {
		t.Fatalf("a query's own error: %v, Unavailable %v", err, store.Unavailable(err))
	}

	proxy.Cut()
	for name, call := range map[string]func() error{
		"Exec":     func() error { _, err := db.Exec(ctx, "SELECT 1"); return err },
		"Query":    func() error { _, err := db.Query(ctx, "SELECT 1"); return err },
		"QueryRow": func() error { return db.QueryRow(ctx, "SELECT 1").Scan(&one) },
		"InTx":     func() error { return db.InTx(ctx, func(context.Context, *store.Tx) error { return nil }) },
		"Ping":     func() error { return db.Ping(ctx) },
	} {
		err := call()
		if err == nil || !store.Unavailable(err) {
			t.Errorf("%s with the database cut: %v, Unavailable %v", name, err, store.Unavailable(err))
		}
		// However the domain wraps it, it still says so.
		if wrapped := fmt.Errorf("offers: load: %w", err); err != nil && !store.Unavailable(wrapped) {
			t.Errorf("%s: the wrapped error is not Unavailable", name)
		}
	}
}
