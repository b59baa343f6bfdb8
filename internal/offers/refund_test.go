package offers_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"carta/internal/apperr"
	"carta/internal/checkout"
	checkoutdemo "carta/internal/checkout/demo"
	"carta/internal/clientes"
	"carta/internal/offers"
	"carta/internal/refunds"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// refunder is the demo's refunds with a fault to inject; it counts what reached it.
type refunder struct {
	checkoutdemo.Provider
	mu    sync.Mutex
	calls int
	fail  error
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

// soldOutPayment makes diner 0 pay for the offer after diner 1 bought its last unit: a payment
// owed back. paymentID is what the provider reported.
func (f *fixture) soldOutPayment(t *testing.T, paymentID string) int64 {
	t.Helper()
	ctx := context.Background()
	a, err := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: f.diners[0], Lang: "es"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	f.db.Now = func() time.Time { return now.Add(offers.HoldTime + time.Minute) }
	if _, err := f.svc.ExpireHolds(ctx); err != nil {
		t.Fatal(err)
	}
	b, err := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: f.diners[1]}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Confirm(ctx, checkout.Outcome{Session: sessionOf(t, f.db, b.CompraID), Approved: true, PaymentID: "demo_pay_b"}); err != nil {
		t.Fatal(err)
	}
	err = f.svc.Confirm(ctx, checkout.Outcome{Session: sessionOf(t, f.db, a.CompraID), Approved: true, PaymentID: paymentID})
	if !errors.Is(err, offers.ErrPaidSoldOut) {
		t.Fatalf("late payment: %v", err)
	}
	return a.CompraID
}

func (f *fixture) withRefunds(r *refunder) {
	f.svc.UseRefunds(&refunds.Service{DB: f.db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Provider: func(clientes.POSConnection) (checkout.Refunder, error) { return r, nil }})
}

// The super admin refunds a coupon payment owed back in one click: the provider gives the money
// back, the list says so and the diner is told.
func TestTheSuperAdminRefundsACouponPayment(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 1, 2)
		r := &refunder{}
		f.withRefunds(r)
		id := f.soldOutPayment(t, "demo_pay_a")
		list, err := f.svc.RefundsOwed(ctx)
		if err != nil || len(list) != 1 || !list[0].Detalle.Automatico || list[0].Detalle.Estado != "" || list[0].Moneda != "USD" {
			t.Fatalf("owed: %+v %v", list, err)
		}
		line, err := f.svc.Refund(ctx, id)
		if err != nil || line.Estado != "reembolsado" || line.Detalle.Estado != refunds.Reembolsado || line.Detalle.Monto != 2000 || line.Detalle.ProveedorID == "" {
			t.Fatalf("refunded: %+v %v", line, err)
		}
		var subject string
		db.QueryRow(ctx, `SELECT subject FROM outbox WHERE kind = 'refunded' AND to_addr = 'd0@example.com'`).Scan(&subject)
		if subject != "Te reembolsamos tu pago: 2x1 en tapas" {
			t.Errorf("refund e-mail %q", subject)
		}
		mine, _ := offers.ListCompras(ctx, db, tenant.DinerFromRecord(f.diners[0]), "es")
		if len(mine) != 1 || mine[0].Reembolso != "reembolsado" {
			t.Errorf("the diner's purchases: %+v", mine)
		}
		if _, err := f.svc.Refund(ctx, id); !errors.Is(err, offers.ErrNoRefund) {
			t.Errorf("a second refund: %v", err)
		}
		if r.calls != 1 {
			t.Errorf("the provider was asked %d times", r.calls)
		}
	})
}

// A refusal shows the provider's reason and leaves 'Reintentar' and the manual mark; a payment the
// provider did not take can only be marked.
func TestACouponRefundTheProviderCannotMake(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 1, 2)
		r := &refunder{fail: &checkout.RefusedError{Code: "charge_already_refunded", Message: "The charge has already been refunded."}}
		f.withRefunds(r)
		id := f.soldOutPayment(t, "demo_pay_a")
		line, err := f.svc.Refund(ctx, id)
		if err != nil || line.Estado != "pendiente" || line.Detalle.Estado != refunds.Fallido ||
			line.Detalle.Motivo != "The charge has already been refunded. (charge_already_refunded)" {
			t.Fatalf("refused: %+v %v", line.Detalle, err)
		}
		if err := f.svc.MarkRefunded(ctx, id); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.svc.RefundsOwed(ctx); got[0].Estado != "reembolsado" || !got[0].Detalle.Manual {
			t.Errorf("after the manual mark: %+v", got[0])
		}
		if err := f.svc.MarkRefunded(ctx, id); !errors.Is(err, offers.ErrNoRefund) {
			t.Errorf("marked twice: %v", err)
		}
	})
}

func TestACouponPaymentOfAnotherProviderIsOnlyMarked(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 1, 2)
		r := &refunder{fail: checkout.ErrUnavailable}
		f.withRefunds(r)
		id := f.soldOutPayment(t, "PAY-A") // not the demo's
		list, _ := f.svc.RefundsOwed(ctx)
		if list[0].Detalle.Automatico || list[0].Detalle.SinAutomatico != refunds.OtherProvider {
			t.Fatalf("owed: %+v", list[0].Detalle)
		}
		if _, err := f.svc.Refund(ctx, id); apperr.KindOf(err) != apperr.Conflict {
			t.Fatalf("'Reembolsar': %v, want a conflict that says why", err)
		}
		if r.calls != 0 {
			t.Errorf("the provider was asked")
		}
		if err := f.svc.MarkRefunded(ctx, id); err != nil {
			t.Fatal(err)
		}
	})
}

// While the provider is asked, the manual mark is refused.
func TestNoManualMarkDuringACouponRefund(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 1, 2)
		f.withRefunds(&refunder{fail: checkout.ErrUnavailable})
		id := f.soldOutPayment(t, "demo_pay_a")
		line, err := f.svc.Refund(ctx, id)
		if err != nil || line.Detalle.Estado != refunds.Pendiente {
			t.Fatalf("no answer: %+v %v", line.Detalle, err)
		}
		if err := f.svc.MarkRefunded(ctx, id); !errors.Is(err, refunds.ErrInFlight) {
			t.Fatalf("manual mark during the refund: %v", err)
		}
	})
}
