package ordering_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"carta/internal/apperr"
	"carta/internal/checkout"
	checkoutdemo "carta/internal/checkout/demo"
	"carta/internal/clientes"
	"carta/internal/ordering"
	"carta/internal/refunds"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// refunder is the demo's refunds with faults to inject; it counts what reached it.
type refunder struct {
	checkoutdemo.Provider
	mu    sync.Mutex
	calls int
	fail  error // every refund answers this
}

func (r *refunder) Refund(ctx context.Context, req checkout.RefundRequest) (checkout.Refund, error) {
	r.mu.Lock()
	r.calls++
	fail := r.fail
	r.mu.Unlock()
	if fail != nil {
		return checkout.Refund{}, fail
	}
	return r.Provider.Refund(ctx, req)
}

func (r *refunder) set(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.fail = err
}

func (r *refunder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calls
}

// withRefunds gives the fixture's service refunds through r.
func (f *fixture) withRefunds(r *refunder) {
	f.svc.UseRefunds(&refunds.Service{DB: f.db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Provider: func(clientes.POSConnection) (checkout.Refunder, error) { return r, nil }})
}

// paidDemo places an order and pays it on the demo checkout page (the payment the demo refunds).
func (f *fixture) paidDemo(t *testing.T) ordering.Placed {
	t.Helper()
	p, err := f.place(t, ordering.PlaceInput{})
	if err != nil {
		t.Fatal(err)
	}
	page := &checkout.Confirmer{DB: f.db}
	page.Register(f.svc)
	if _, err := page.DemoResult(context.Background(), f.session(t, p.PedidoID), true); err != nil {
		t.Fatal(err)
	}
	return p
}

func (f *fixture) lastMail(t *testing.T, kind string) (subject, text string) {
	t.Helper()
	f.db.QueryRow(context.Background(), `SELECT subject, body_text FROM outbox WHERE kind = ? ORDER BY id DESC LIMIT 1`, kind).Scan(&subject, &text)
	return subject, text
}

// Cancelling a paid order refunds it through the provider in the same step: the board's answer,
// the diner's page and an e-mail say it is refunded.
func TestCancellingAPaidOrderRefundsIt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		r := &refunder{}
		f.withRefunds(r)
		p := f.paidDemo(t)
		got, err := f.svc.Move(ctx, f.cliente, p.PedidoID, ordering.EstadoCancelado, "Se acabó el chuletón")
		if err != nil {
			t.Fatal(err)
		}
		d := got.ReembolsoDetalle
		if got.Reembolso != "reembolsado" || d.Estado != refunds.Reembolsado || d.Manual || d.ProveedorID == "" || d.Monto != p.Total {
			t.Fatalf("cancelled: reembolso %q, detail %+v", got.Reembolso, d)
		}
		if r.count() != 1 {
			t.Errorf("the provider was asked %d times", r.count())
		}
		seg, err := f.svc.Follow(ctx, p.PedidoID, p.Token, nil)
		if err != nil || seg.Reembolso != "reembolsado" {
			t.Errorf("the diner's page: %+v, %v", seg.Reembolso, err)
		}
		subject, text := f.lastMail(t, "refunded")
		if subject != "Reembolso de tu pedido #1 — La Cava" || !strings.Contains(text, fmt.Sprintf("Te reembolsamos $%d.%02d", p.Total/100, p.Total%100)) {
			t.Errorf("refund e-mail %q: %s", subject, text)
		}
		if n := f.count(t, `SELECT COUNT(*) FROM pedido_eventos WHERE pedido_id = ? AND estado = 'reembolso'`, p.PedidoID); n != 1 {
			t.Errorf("%d board events for the refund", n)
		}
		// Nothing is left to refund or mark.
		if _, err := f.svc.Refund(ctx, f.cliente, p.PedidoID); !errors.Is(err, ordering.ErrNoRefund) {
			t.Errorf("refund again: %v", err)
		}
		if _, err := f.svc.MarkRefunded(ctx, f.cliente, p.PedidoID); !errors.Is(err, ordering.ErrNoRefund) {
			t.Errorf("mark after the refund: %v", err)
		}
		board, err := f.svc.Board(ctx, f.cliente, "")
		if err != nil || len(board.Pedidos) != 1 || board.Pedidos[0].ReembolsoDetalle.Estado != refunds.Reembolsado {
			t.Errorf("board: %+v, %v", board.Pedidos, err)
		}
	})
}

// A refund the provider refuses shows its reason; 'Reembolsar' asks again, and clicks at once make
// one refund.
func TestARefusedRefundIsRetriedOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		r := &refunder{fail: &checkout.RefusedError{Code: "insufficient_funds", Message: "Balance too low."}}
		f.withRefunds(r)
		p := f.paidDemo(t)
		got, err := f.svc.Move(ctx, f.cliente, p.PedidoID, ordering.EstadoCancelado, "Cerramos")
		if err != nil {
			t.Fatal(err)
		}
		d := got.ReembolsoDetalle
		if got.Reembolso != "pendiente" || d.Estado != refunds.Fallido || d.Codigo != refunds.CodeRefused || d.Motivo != "Balance too low. (insufficient_funds)" || !d.Automatico {
			t.Fatalf("refused: reembolso %q, detail %+v", got.Reembolso, d)
		}
		if subject, _ := f.lastMail(t, "refunded"); subject != "" {
			t.Errorf("a refund e-mail for a refund that failed: %q", subject)
		}
		r.set(nil)
		var wg sync.WaitGroup
		errs := make([]error, 6)
		answers := make([]ordering.Pedido, 6)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				answers[i], errs[i] = f.svc.Refund(ctx, f.cliente, p.PedidoID)
			}()
		}
		wg.Wait()
		refunded := 0
		for i, err := range errs {
			switch {
			case err == nil && answers[i].ReembolsoDetalle.Estado != refunds.Fallido:
				refunded++
			case errors.Is(err, ordering.ErrNoRefund): // it came after the refund was done
			default:
				t.Errorf("click %d: %+v, %v", i, answers[i].ReembolsoDetalle, err)
			}
		}
		if refunded == 0 || r.count() != 2 {
			t.Errorf("%d clicks answered, the provider was asked %d times (want once more)", refunded, r.count())
		}
		rs, _ := refunds.Of(ctx, db, refunds.Pedido, p.PedidoID)
		if len(rs) != 2 || rs[1].Estado != refunds.Reembolsado || rs[1].Key == rs[0].Key {
			t.Errorf("refunds recorded: %+v", rs)
		}
		if f.estado(t, p.PedidoID) != ordering.EstadoCancelado {
			t.Errorf("the order is %s", f.estado(t, p.PedidoID))
		}
	})
}

// The manual mark stays: while the provider is asked it is refused; where the provider cannot
// refund the board says why and the mark works (and tells the diner).
func TestTheManualMarkStays(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		r := &refunder{fail: fmt.Errorf("refund: %w", checkout.ErrUnavailable)}
		f.withRefunds(r)
		p := f.paidDemo(t)
		got, err := f.svc.Move(ctx, f.cliente, p.PedidoID, ordering.EstadoCancelado, "Cerramos")
		if err != nil || got.ReembolsoDetalle.Estado != refunds.Pendiente || got.ReembolsoDetalle.Intentos != 1 {
			t.Fatalf("no answer: %+v, %v", got.ReembolsoDetalle, err)
		}
		if _, err := f.svc.MarkRefunded(ctx, f.cliente, p.PedidoID); !errors.Is(err, refunds.ErrInFlight) || apperr.KindOf(err) != apperr.Conflict {
			t.Fatalf("manual mark during the refund: %v, want ErrInFlight", err)
		}

		// A payment the provider did not take (recorded before the restaurant moved to it).
		other, err := f.place(t, ordering.PlaceInput{})
		if err != nil {
			t.Fatal(err)
		}
		f.pay(t, other.PedidoID) // PAY-n: not a demo payment
		got, err = f.svc.Move(ctx, f.cliente, other.PedidoID, ordering.EstadoCancelado, "Cerramos")
		d := got.ReembolsoDetalle
		if err != nil || got.Reembolso != "pendiente" || d.Estado != "" || d.Automatico || d.SinAutomatico != refunds.OtherProvider {
			t.Fatalf("cancelled: %+v, %v", d, err)
		}
		if _, err := f.svc.Refund(ctx, f.cliente, other.PedidoID); apperr.KindOf(err) != apperr.Conflict {
			t.Fatalf("'Reembolsar' where the provider cannot: %v", err)
		}
		calls := r.count()
		got, err = f.svc.MarkRefunded(ctx, f.cliente, other.PedidoID)
		if err != nil || got.Reembolso != "reembolsado" || !got.ReembolsoDetalle.Manual {
			t.Fatalf("manual mark: %+v, %v", got.ReembolsoDetalle, err)
		}
		if r.count() != calls {
			t.Errorf("the manual mark asked the provider")
		}
		if subject, _ := f.lastMail(t, "refunded"); subject != "Reembolso de tu pedido #2 — La Cava" {
			t.Errorf("refund e-mail %q", subject)
		}
	})
}
