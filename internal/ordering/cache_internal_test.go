package ordering

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"

	"carta/internal/clientes"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// TestALoadBegunBeforeAChangeIsNotJoined: the requests that miss a
// restaurant's ordering data together share one load, but one that asks
// after this replica saved a change (forget) loads anew rather than join a
// load begun before the change. PostgreSQL: a lock on the restaurants'
// table holds each load at its first read, where it can be seen waiting.
func TestALoadBegunBeforeAChangeIsNotJoined(t *testing.T) {
	db := storetest.Open(t, store.Postgres)
	ctx := context.Background()
	mid := "cache-1"
	id, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "La Taberna", MerchantID: &mid, Email: "taberna@example.com", Estado: clientes.EstadoActivo})
	if err != nil {
		t.Fatal(err)
	}
	s := &Service{DB: db, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}

	locked, release, held := make(chan int, 1), make(chan struct{}), make(chan error, 1)
	go func() {
		held <- db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
			var pid int
			if err := tx.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `LOCK TABLE clientes IN ACCESS EXCLUSIVE MODE`); err != nil {
				return err
			}
			locked <- pid
			<-release
			return nil
		})
	}()
	holder := <-locked
	var once sync.Once
	unlock := func() { once.Do(func() { close(release) }) }
	t.Cleanup(unlock) // a failure below lets the schema go
	loaded := make(chan error, 2)
	load := func() {
		_, err := s.restaurant(ctx, id)
		loaded <- err
	}
	go load()
	storetest.WaitBlocked(t, db, holder, 1)
	s.forget(id) // a change saved through this replica
	go load()
	storetest.WaitBlocked(t, db, holder, 2) // its own load, not the one begun before the change
	unlock()
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := <-loaded; err != nil {
			t.Fatal(err)
		}
	}
	s.cacheMu.Lock()
	_, kept := s.cache[id]
	s.cacheMu.Unlock()
	if !kept {
		t.Fatal("the load begun after the change was not kept")
	}
}
