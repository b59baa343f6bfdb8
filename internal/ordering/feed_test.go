package ordering_test

import (
	"context"
	"errors"
	"testing"

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
