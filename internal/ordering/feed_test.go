package ordering_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"carta/internal/ordering"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// One restaurant's boards are bounded (a stolen staff token cannot take
// the staff reserve from every other restaurant); another restaurant's
// board still connects, and a closed board gives its room back.
func TestBoardsPerRestaurantAreBounded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		feed := &ordering.Feed{DB: db}
		var boards []*ordering.Listener
		for i := range ordering.DefaultBoardsPerRestaurant {
			l, err := feed.ListenBoard(ctx, tenant.Job(1))
			if err != nil {
				t.Fatalf("board %d: %v", i+1, err)
			}
			boards = append(boards, l)
		}
		if _, err := feed.ListenBoard(ctx, tenant.Job(1)); !errors.Is(err, ordering.ErrBoardStreams) {
			t.Fatalf("one board too many: %v, want ErrBoardStreams", err)
		}
		other, err := feed.ListenBoard(ctx, tenant.Job(2))
		if err != nil {
			t.Fatalf("another restaurant's board: %v", err)
		}
		feed.Stop(other)
		feed.Stop(boards[0])
		if _, err := feed.ListenBoard(ctx, tenant.Job(1)); err != nil {
			t.Fatalf("a board after another closed: %v", err)
		}
	})
}

// On PostgreSQL no lock orders the events' commits: an event whose
// transaction commits after a higher id was read still reaches the board,
// once; a feed that starts while an event is uncommitted gets it when it
// commits; a missing id (rolled back) is looked for two minutes, then
// forgotten.
func TestFeedDeliversEventsThatCommitLate(t *testing.T) {
	db := storetest.Open(t, store.Postgres)
	ctx := context.Background()
	now := time.Unix(1_800_000_000, 0)
	db.Now = func() time.Time { return now }
	const q = `INSERT INTO pedido_eventos (id, cliente_id, pedido_id, estado, created_at) VALUES (?, 1, ?, 'recibido', 0)`
	committed := func(id int64) {
		t.Helper()
		if _, err := db.Exec(ctx, q, id, id); err != nil {
			t.Fatal(err)
		}
	}
	errRollback := errors.New("rolled back")
	// open adds event id in a transaction that waits for end: true
	// commits it, false rolls it back.
	open := func(id int64) (end func(commit bool)) {
		t.Helper()
		inserted, decide, done := make(chan error, 1), make(chan bool), make(chan error, 1)
		go func() {
			done <- db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
				_, err := tx.Exec(ctx, q, id, id)
				inserted <- err
				if err != nil || !<-decide {
					return errRollback
				}
				return nil
			})
		}()
		if err := <-inserted; err != nil {
			t.Fatal(err)
		}
		return func(commit bool) {
			decide <- commit
			if err := <-done; commit && err != nil {
				t.Fatal(err)
			}
		}
	}
	feed := &ordering.Feed{DB: db}
	var board *ordering.Listener
	poll := func(want string) {
		t.Helper()
		if err := feed.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		var got []int64
		for len(board.C) > 0 {
			got = append(got, (<-board.C).PedidoID)
		}
		if fmt.Sprint(got) != want {
			t.Fatalf("board got %v, want %s", got, want)
		}
	}

	committed(1)
	late := open(2)
	committed(3)
	board, err := feed.ListenBoard(ctx, tenant.Job(1))
	if err != nil {
		t.Fatal(err)
	}
	poll("[]") // 1 and 3 were committed before the board listened
	late(true)
	poll("[2]")

	late = open(4)
	committed(5)
	poll("[5]")
	late(true)
	poll("[4]")
	poll("[]")

	open(6)(false)
	committed(7)
	poll("[7]")
	committed(6) // as if 6 had committed late after all
	poll("[6]")

	open(8)(false)
	committed(9)
	poll("[9]")
	now = now.Add(2*time.Minute + time.Second)
	poll("[]")
	committed(8) // too late: no longer looked for
	committed(10)
	poll("[10]")
}
