package ordering_test

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"carta/internal/checkout"
	"carta/internal/ordering"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// failingAfter is a confirmation whose transaction fails after the order's
// own work is done (its number taken): the commit that never happened.
type failingAfter struct{ checkout.Confirmation }

var errAfterNumber = errors.New("test: the confirmation fails after taking its number")

func (c failingAfter) Apply(ctx context.Context, tx *store.Tx, o checkout.Outcome) error {
	if err := c.Confirmation.Apply(ctx, tx, o); err != nil {
		return err
	}
	return errAfterNumber
}

// Order numbers (issue 33): one restaurant's confirmations at once, some of
// them rolled back after taking their number, give every paid order a
// number of its own, continuing from what the restaurant had reached
// (clientes.pedidos_seq before migration 0039 and the demo's history), and
// a rolled-back confirmation gives its number back: no duplicate, no gap.
func TestConcurrentConfirmationsTakeDistinctNumbers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		const n, base = 30, 41
		if _, err := db.Exec(ctx, `UPDATE clientes SET pedidos_seq = ? WHERE id = ?`, base, f.cliente.Int64()); err != nil {
			t.Fatal(err)
		}
		items := []ordering.LineRequest{f.steak(t, 1)}
		ids := make([]int64, n)
		sessions := make([]string, n)
		for i := range ids {
			p, err := f.svc.Place(ctx, ordering.PlaceInput{ClienteID: f.cliente.Int64(), Items: items,
				Customer: ordering.Customer{Nombre: "Cliente", Email: fmt.Sprintf("c%d@example.com", i)}})
			if err != nil {
				t.Fatal(err)
			}
			ids[i], sessions[i] = p.PedidoID, f.session(t, p.PedidoID)
		}
		confirm := func(i int, fail bool) error {
			o := checkout.Outcome{Session: sessions[i], Approved: true, PaymentID: fmt.Sprintf("PAY-%d", ids[i])}
			rec, err := f.svc.Find(ctx, o.Session)
			if err != nil {
				return err
			}
			c, err := f.svc.Prepare(ctx, rec)
			if err != nil {
				return err
			}
			if fail {
				c = failingAfter{c}
			}
			return checkout.Confirm(ctx, db, c, o)
		}
		// Every third order's first confirmation rolls back; every order
		// is confirmed twice at once (a webhook and the diner's return).
		var wg sync.WaitGroup
		errs := make(chan error, 3*n)
		for i := range n {
			for k := range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if err := confirm(i, false); err != nil {
						errs <- fmt.Errorf("order %d, confirmation %d: %w", i, k, err)
					}
				}()
			}
			if i%3 == 0 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if err := confirm(i, true); !errors.Is(err, errAfterNumber) {
						errs <- fmt.Errorf("order %d, rolled back: %v", i, err)
					}
				}()
			}
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		got := make([]int, 0, n)
		rows, err := db.Query(ctx, `SELECT numero FROM pedidos WHERE cliente_id = ? AND estado = 'recibido' ORDER BY numero`, f.cliente.Int64())
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var num int
			if err := rows.Scan(&num); err != nil {
				t.Fatal(err)
			}
			got = append(got, num)
		}
		rows.Close()
		want := make([]int, n)
		for i := range want {
			want[i] = base + 1 + i
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("numbers %v\nwant %v", got, want)
		}
		if last := f.count(t, `SELECT ultimo FROM pedidos_numeros WHERE cliente_id = ?`, f.cliente.Int64()); last != base+n {
			t.Errorf("the restaurant's counter is at %d, want %d", last, base+n)
		}
		if ev := f.count(t, `SELECT COUNT(*) FROM pedido_eventos WHERE cliente_id = ? AND estado = 'recibido'`, f.cliente.Int64()); ev != n {
			t.Errorf("%d board events, want %d", ev, n)
		}

		// Each order's e-mail names the number it got.
		subjects := map[string]bool{}
		rows, err = db.Query(ctx, `SELECT subject, body_text, body_html FROM outbox WHERE kind = 'pedido'`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var s, text, html string
			if err := rows.Scan(&s, &text, &html); err != nil {
				t.Fatal(err)
			}
			subjects[s] = true
			var num int
			if _, err := fmt.Sscanf(s, "Pedido #%d", &num); err != nil || !strings.Contains(text, fmt.Sprintf("#%d\n", num)) || !strings.Contains(html, fmt.Sprintf("#%d<", num)) {
				t.Errorf("e-mail %q: its text and HTML do not show #%d (%v)", s, num, err)
			}
		}
		rows.Close()
		var missing []string
		for _, num := range want {
			if !subjects[fmt.Sprintf("Pedido #%d confirmado — La Cava", num)] {
				missing = append(missing, fmt.Sprint(num))
			}
		}
		if len(subjects) != n || len(missing) > 0 {
			keys := make([]string, 0, len(subjects))
			for s := range subjects {
				keys = append(keys, s)
			}
			sort.Strings(keys)
			t.Errorf("%d order e-mails, none for %v: %s", len(subjects), missing, strings.Join(keys, "; "))
		}

		// The other restaurant counts from its own start.
		other := f.count(t, `SELECT COUNT(*) FROM pedidos_numeros WHERE cliente_id = ?`, f.other.Int64())
		if other != 0 {
			t.Errorf("the other restaurant has a counter without an order")
		}
	})
}
