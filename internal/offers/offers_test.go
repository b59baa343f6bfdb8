package offers_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"carta/internal/accounts"
	"carta/internal/billing"
	"carta/internal/checkout"
	checkoutdemo "carta/internal/checkout/demo"
	"carta/internal/clientes"
	"carta/internal/offers"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// fakeBilling approves fees and, like Stripe, returns the same charge for
// the same idempotency key; it counts real charges.
type fakeBilling struct {
	mu      sync.Mutex
	charges map[string]string
	decline bool
}

func (f *fakeBilling) Name() string { return "fake" }
func (f *fakeBilling) SetupCard(ctx context.Context, r billing.Restaurant) (string, string, error) {
	return "", "", nil
}
func (f *fakeBilling) RegisterCard(ctx context.Context, r billing.Restaurant, token string) (billing.Card, error) {
	return billing.Card{Provider: "fake", Brand: "visa", Last4: "4242"}, nil
}
func (f *fakeBilling) ChargeFee(ctx context.Context, c billing.Card, amount int64, currency, key, desc string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.decline {
		return "", fmt.Errorf("%w: insufficient funds", billing.ErrDeclined)
	}
	if f.charges == nil {
		f.charges = map[string]string{}
	}
	if id, ok := f.charges[key]; ok {
		return id, nil
	}
	id := fmt.Sprintf("ch_%d", len(f.charges)+1)
	f.charges[key] = id
	return id, nil
}

type fixture struct {
	db      *store.DB
	svc     *offers.Service
	fees    *billing.Service
	bill    *fakeBilling
	cliente int64
	cupon   int64
	diners  []int64
}

func setup(t *testing.T, db *store.DB, stock int64, diners int) *fixture {
	t.Helper()
	ctx := context.Background()
	mid := "M-OFFERS"
	cid, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Ofertas", MerchantID: &mid, Email: "dueno@example.com", Estado: clientes.EstadoActivo})
	if err != nil {
		t.Fatal(err)
	}
	clientes.SetPOSProvider(ctx, db, tenant.Job(cid), "demo")
	if err := billing.SaveTarjeta(ctx, db, tenant.Job(cid), billing.Tarjeta{Provider: "fake", Brand: "visa", Last4: "4242"}); err != nil {
		t.Fatal(err)
	}
	cup, err := offers.CreateCupon(ctx, db, tenant.Job(cid), offers.Cupon{Codigo: "PROMO", Titulo: "2x1 en tapas", Descuento: 25, Precio: 2000,
		FechaExpiracion: time.Now().Add(48 * time.Hour).Unix(), CantidadDisponible: stock})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{db: db, bill: &fakeBilling{}, cliente: cid, cupon: cup}
	f.fees = &billing.Service{DB: db, Provider: f.bill, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), BaseURL: "https://carta.example"}
	f.svc = &offers.Service{DB: db, BaseURL: "https://carta.example", Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Checkout: func(clientes.POSConnection) (checkout.Provider, error) {
			return &checkoutdemo.Provider{BaseURL: "https://carta.example"}, nil
		}}
	for i := range diners {
		id, err := accounts.Create(ctx, db, accounts.Usuario{Nombre: fmt.Sprint("Comensal ", i), Email: fmt.Sprintf("d%d@example.com", i), PasswordHash: "x"})
		if err != nil {
			t.Fatal(err)
		}
		f.diners = append(f.diners, id)
	}
	return f
}

func (f *fixture) stock(t *testing.T) int64 {
	var n int64
	if err := f.db.QueryRow(context.Background(), `SELECT cantidad_disponible FROM cupones WHERE id = ?`, f.cupon).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (f *fixture) count(t *testing.T, estado string) int {
	var n int
	if err := f.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM compras WHERE estado = ?`, estado).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func sessionOf(t *testing.T, db *store.DB, compraID int64) string {
	return compraField(t, db, compraID, "checkout_session_id")
}

// compraField reads one column of a purchase.
func compraField(t *testing.T, db *store.DB, compraID int64, col string) string {
	var v string
	if err := db.QueryRow(context.Background(), `SELECT COALESCE(`+col+`, '') FROM compras WHERE id = ?`, compraID).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// 200 diners try to buy an offer of 20 at once: exactly 20 get a
// checkout, all 20 are paid, none is oversold.
func TestConcurrentPurchasesNeverOversell(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 20, 200)
		var wg sync.WaitGroup
		var mu sync.Mutex
		var ok []offers.Purchase
		soldOut := 0
		for _, d := range f.diners {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p, err := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: d, Email: "x@example.com"}, nil)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok = append(ok, p)
				case errors.Is(err, offers.ErrSoldOut):
					soldOut++
				default:
					t.Errorf("buy: %v", err)
				}
			}()
		}
		wg.Wait()
		if len(ok) != 20 || soldOut != 180 || f.stock(t) != 0 {
			t.Fatalf("%d checkouts, %d sold out, stock %d; want 20, 180, 0", len(ok), soldOut, f.stock(t))
		}
		// All 20 pay at once, some twice (a replayed webhook).
		for _, p := range ok {
			for range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if err := f.svc.Confirm(ctx, checkout.Outcome{Session: sessionOf(t, db, p.CompraID), Approved: true}); err != nil {
						t.Errorf("confirm: %v", err)
					}
				}()
			}
		}
		wg.Wait()
		if n := f.count(t, offers.CompraPagado); n != 20 || f.stock(t) != 0 {
			t.Fatalf("%d paid, stock %d", n, f.stock(t))
		}
		var fees, pts, mails, codes int
		db.QueryRow(ctx, `SELECT COUNT(*) FROM fees`).Scan(&fees)
		db.QueryRow(ctx, `SELECT COUNT(*) FROM puntos`).Scan(&pts)
		db.QueryRow(ctx, `SELECT COUNT(*) FROM outbox WHERE kind = 'receipt'`).Scan(&mails)
		db.QueryRow(ctx, `SELECT COUNT(DISTINCT codigo_voucher) FROM compras WHERE estado = 'pagado'`).Scan(&codes)
		if fees != 20 || pts != 20 || mails != 20 || codes != 20 {
			t.Fatalf("fees %d, points %d, receipts %d, codes %d; want 20 each", fees, pts, mails, codes)
		}
		if p := ok[0]; p.Total != 1500+500 {
			t.Fatalf("total %d, want 2000 (1500 after 25%% off + 500 fee)", p.Total)
		}
	})
}

func TestDeclineAndExpiryReleaseStock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 2, 3)
		a, err := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: f.diners[0]}, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: f.diners[1]}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: f.diners[2]}, nil); !errors.Is(err, offers.ErrSoldOut) {
			t.Fatalf("third buyer: %v", err)
		}
		// A declined payment gives its unit back, once.
		for range 2 {
			if err := f.svc.Confirm(ctx, checkout.Outcome{Session: sessionOf(t, db, a.CompraID), Approved: false}); err != nil {
				t.Fatal(err)
			}
		}
		if f.stock(t) != 1 {
			t.Fatalf("stock after decline %d, want 1", f.stock(t))
		}
		// An abandoned checkout expires after its 15 minutes.
		db.Now = func() time.Time { return time.Now().Add(offers.HoldTime + time.Minute) }
		n, err := f.svc.ExpireHolds(ctx)
		if err != nil || n != 1 || f.stock(t) != 2 {
			t.Fatalf("expired %d (%v), stock %d; want 1, 2", n, err, f.stock(t))
		}
		if n, _ := f.svc.ExpireHolds(ctx); n != 0 || f.stock(t) != 2 {
			t.Fatal("a second expiry pass released stock again")
		}
		// Paying after the hold expired takes a unit again if one is left.
		db.Now = time.Now
		if err := f.svc.Confirm(ctx, checkout.Outcome{Session: sessionOf(t, db, b.CompraID), Approved: true}); err != nil {
			t.Fatal(err)
		}
		if f.stock(t) != 1 || f.count(t, offers.CompraPagado) != 1 {
			t.Fatalf("late payment: stock %d, paid %d", f.stock(t), f.count(t, offers.CompraPagado))
		}
	})
}

func TestWrongClientTotalRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db, 5, 1)
		wrong := int64(500)
		if _, err := f.svc.Buy(context.Background(), f.cupon, offers.Buyer{UsuarioID: f.diners[0]}, &wrong); !errors.Is(err, offers.ErrWrongTotal) {
			t.Fatalf("wrong total: %v", err)
		}
		if f.stock(t) != 5 || f.count(t, offers.CompraPendiente) != 0 {
			t.Fatal("a refused purchase changed stock")
		}
		right := int64(2000)
		if _, err := f.svc.Buy(context.Background(), f.cupon, offers.Buyer{UsuarioID: f.diners[0]}, &right); err != nil {
			t.Fatalf("right total: %v", err)
		}
	})
}

func TestFeeChargedExactlyOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 5, 3)
		for _, d := range f.diners {
			p, err := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: d}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := f.svc.Confirm(ctx, checkout.Outcome{Session: sessionOf(t, db, p.CompraID), Approved: true}); err != nil {
				t.Fatal(err)
			}
		}
		// A crash after charging the first fee but before recording it:
		// the provider has the charge, the fee is still pending.
		fees, _ := billing.ListClienteFees(ctx, db, tenant.Job(f.cliente))
		if _, err := f.bill.ChargeFee(ctx, billing.Card{}, 500, "USD", billing.FeeKey(fees[0].CompraID, ""), "crash"); err != nil {
			t.Fatal(err)
		}
		// The job runs twice, concurrently.
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := f.fees.ChargeFees(ctx); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		f.fees.ChargeFees(ctx)
		if len(f.bill.charges) != 3 {
			t.Fatalf("%d distinct charges, want 3 (one per coupon sold)", len(f.bill.charges))
		}
		fees, _ = billing.ListClienteFees(ctx, db, tenant.Job(f.cliente))
		for _, fe := range fees {
			if fe.Estado != "cobrado" || fe.Amount != 500 || fe.ChargeID == "" {
				t.Fatalf("fee %+v", fe)
			}
		}
	})
}

func TestDeclinedFeeFailsAndRetriesAfterCardUpdate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 5, 1)
		p, _ := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: f.diners[0]}, nil)
		f.svc.Confirm(ctx, checkout.Outcome{Session: sessionOf(t, db, p.CompraID), Approved: true})
		f.bill.decline = true
		if n, err := f.fees.ChargeFees(ctx); err != nil || n != 0 {
			t.Fatalf("declined: %d %v", n, err)
		}
		failed, _ := billing.ListFeesByEstado(ctx, db, "fallido")
		var mails int
		db.QueryRow(ctx, `SELECT COUNT(*) FROM outbox WHERE kind = 'fee_failed' AND to_addr = 'dueno@example.com'`).Scan(&mails)
		if len(failed) != 1 || mails != 1 {
			t.Fatalf("failed fees %d, e-mails %d", len(failed), mails)
		}
		if n, _ := f.fees.ChargeFees(ctx); n != 0 {
			t.Fatal("a failed fee was retried before the card changed")
		}
		// The restaurant registers a new card: the fee is charged.
		f.bill.decline = false
		billing.SaveTarjeta(ctx, db, tenant.Job(f.cliente), billing.Tarjeta{Provider: "fake", Brand: "visa", Last4: "4242"})
		if n, err := f.fees.ChargeFees(ctx); err != nil || n != 1 {
			t.Fatalf("after the new card: %d %v", n, err)
		}
	})
}

func TestRedeemVoucher(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 5, 1)
		p, _ := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: f.diners[0]}, nil)
		f.svc.Confirm(ctx, checkout.Outcome{Session: sessionOf(t, db, p.CompraID), Approved: true})
		voucher := compraField(t, db, p.CompraID, "codigo_voucher")
		if _, err := f.svc.Redeem(ctx, tenant.Job(f.cliente+999), voucher); !errors.Is(err, offers.ErrVoucherUnknown) {
			t.Fatalf("another restaurant: %v", err)
		}
		v, err := f.svc.Redeem(ctx, tenant.Job(f.cliente), " "+voucher+" ")
		if err != nil || v.Estado != "canjeado" {
			t.Fatalf("redeem: %+v %v", v, err)
		}
		if _, err := f.svc.Redeem(ctx, tenant.Job(f.cliente), voucher); !errors.Is(err, offers.ErrVoucherUsed) {
			t.Fatalf("second redeem: %v", err)
		}
		// An expired voucher cannot be redeemed.
		p2, _ := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: f.diners[0]}, nil)
		f.svc.Confirm(ctx, checkout.Outcome{Session: sessionOf(t, db, p2.CompraID), Approved: true})
		voucher2 := compraField(t, db, p2.CompraID, "codigo_voucher")
		db.Now = func() time.Time { return time.Now().Add(72 * time.Hour) }
		if _, err := f.svc.Redeem(ctx, tenant.Job(f.cliente), voucher2); !errors.Is(err, offers.ErrVoucherState) {
			t.Fatalf("expired voucher: %v", err)
		}
		if _, err := f.svc.Redeem(ctx, tenant.Job(f.cliente), "CARTA-NOPE-NOPE"); !errors.Is(err, offers.ErrVoucherUnknown) {
			t.Fatalf("unknown: %v", err)
		}
	})
}

// A diner whose hold ended, and whose unit was sold to someone else, still
// pays: nothing is oversold, the payment is marked for refund (once), the
// diner is told, and Confirm answers ErrPaidSoldOut.
func TestPaidAfterSoldOutIsRefunded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 1, 2)
		a, err := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: f.diners[0]}, nil)
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		db.Now = func() time.Time { return now.Add(offers.HoldTime + time.Minute) }
		if n, err := f.svc.ExpireHolds(ctx); err != nil || n != 1 {
			t.Fatalf("expire: %d %v", n, err)
		}
		b, err := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: f.diners[1]}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Confirm(ctx, checkout.Outcome{Session: sessionOf(t, db, b.CompraID), Approved: true, PaymentID: "PAY-B"}); err != nil {
			t.Fatal(err)
		}
		for range 2 { // a replayed confirmation changes nothing more
			err := f.svc.Confirm(ctx, checkout.Outcome{Session: sessionOf(t, db, a.CompraID), Approved: true, PaymentID: "PAY-A"})
			if !errors.Is(err, offers.ErrPaidSoldOut) {
				t.Fatalf("late payment: %v", err)
			}
		}
		if f.stock(t) != 0 || f.count(t, offers.CompraPagado) != 1 {
			t.Fatalf("stock %d, paid %d: oversold", f.stock(t), f.count(t, offers.CompraPagado))
		}
		refunds, err := offers.ListRefunds(ctx, db)
		if err != nil || len(refunds) != 1 || refunds[0].CompraID != a.CompraID || refunds[0].PaymentID != "PAY-A" ||
			refunds[0].Estado != "pendiente" || refunds[0].Total != 2000 || refunds[0].Email != "d0@example.com" {
			t.Fatalf("refunds: %+v %v", refunds, err)
		}
		var mails, fees int
		db.QueryRow(ctx, `SELECT COUNT(*) FROM outbox WHERE kind = 'refund' AND to_addr = 'd0@example.com'`).Scan(&mails)
		db.QueryRow(ctx, `SELECT COUNT(*) FROM fees`).Scan(&fees)
		if mails != 1 || fees != 1 {
			t.Fatalf("refund e-mails %d (want 1), fees %d (want 1: only the sold coupon)", mails, fees)
		}
		// The diner sees it among their purchases.
		list, err := offers.ListCompras(ctx, db, tenant.DinerFromRecord(f.diners[0]), "es")
		if err != nil || len(list) != 1 || list[0].Reembolso != "pendiente" {
			t.Fatalf("diner's purchases: %+v %v", list, err)
		}
		if err := offers.MarkRefunded(ctx, db, a.CompraID); err != nil {
			t.Fatal(err)
		}
		if err := offers.MarkRefunded(ctx, db, a.CompraID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("refunded twice: %v", err)
		}
	})
}

// One diner cannot hold an offer's stock: buying the same offer again hands
// back the open checkout, concurrent clicks hold one unit, and a diner has
// at most MaxOpenHolds checkouts open across offers.
func TestHoldsPerDiner(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 5, 2)
		me := offers.Buyer{UsuarioID: f.diners[0]}
		first, err := f.svc.Buy(ctx, f.cupon, me, nil)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p, err := f.svc.Buy(ctx, f.cupon, me, nil)
				if err != nil || p.CompraID != first.CompraID || p.CheckoutURL != first.CheckoutURL {
					t.Errorf("buying again: %+v %v; want the open checkout %+v", p, err, first)
				}
			}()
		}
		wg.Wait()
		if f.stock(t) != 4 || f.count(t, offers.CompraPendiente) != 1 {
			t.Fatalf("stock %d, open holds %d; want 4, 1", f.stock(t), f.count(t, offers.CompraPendiente))
		}
		// Across offers: MaxOpenHolds at once.
		for i := 1; i <= offers.MaxOpenHolds; i++ {
			id, err := offers.CreateCupon(ctx, db, tenant.Job(f.cliente), offers.Cupon{Codigo: fmt.Sprint("OTRA", i), Titulo: "Otra", Descuento: 10, Precio: 1000,
				FechaExpiracion: time.Now().Add(48 * time.Hour).Unix(), CantidadDisponible: 5})
			if err != nil {
				t.Fatal(err)
			}
			_, err = f.svc.Buy(ctx, id, me, nil)
			if i < offers.MaxOpenHolds && err != nil {
				t.Fatalf("hold %d: %v", i+1, err)
			}
			if i == offers.MaxOpenHolds && !errors.Is(err, offers.ErrTooManyHolds) {
				t.Fatalf("hold %d: %v, want ErrTooManyHolds", i+1, err)
			}
		}
		// Another diner is not affected.
		if _, err := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: f.diners[1]}, nil); err != nil {
			t.Fatal(err)
		}
		// A hold about to end is replaced by a new checkout, not handed back.
		now := time.Now()
		db.Now = func() time.Time { return now.Add(offers.HoldTime - 30*time.Second) }
		again, err := f.svc.Buy(ctx, f.cupon, me, nil)
		if err != nil || again.CompraID == first.CompraID {
			t.Fatalf("renewed hold: %+v %v", again, err)
		}
		if f.stock(t) != 3 {
			t.Fatalf("stock %d after renewing, want 3", f.stock(t))
		}
	})
}

// Issue 15 point 4: an offer's English title and description reach the
// diner reading in English (on sale, their purchases, their points
// history), and the Spanish ones otherwise or when the owner gave none.
func TestEnglishContentFallsBackToSpanish(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 5, 1)
		en, err := offers.CreateCupon(ctx, db, tenant.Job(f.cliente), offers.Cupon{Codigo: "TWOFORONE", Titulo: "2x1 en cañas",
			Descripcion: "Dos cañas por una", TituloEN: "Two beers for one", DescripcionEN: "Two small beers for the price of one",
			Descuento: 50, Precio: 1000, FechaExpiracion: time.Now().Add(72 * time.Hour).Unix(), CantidadDisponible: 5})
		if err != nil {
			t.Fatal(err)
		}
		titles := func(lang string) map[int64]string {
			cs, err := f.svc.OnSale(ctx, f.cliente, lang)
			if err != nil {
				t.Fatal(err)
			}
			out := map[int64]string{}
			for _, c := range cs {
				out[c.ID] = c.Titulo + " / " + c.Descripcion
			}
			return out
		}
		if got := titles("en"); got[en] != "Two beers for one / Two small beers for the price of one" || got[f.cupon] != "2x1 en tapas / " {
			t.Fatalf("on sale in English: %v", got)
		}
		if got := titles("es"); got[en] != "2x1 en cañas / Dos cañas por una" {
			t.Fatalf("on sale in Spanish: %v", got)
		}
		d := f.diners[0]
		for _, id := range []int64{en, f.cupon} {
			p, err := f.svc.Buy(ctx, id, offers.Buyer{UsuarioID: d, Email: "d0@example.com"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := f.svc.Confirm(ctx, checkout.Outcome{Session: sessionOf(t, db, p.CompraID), Approved: true}); err != nil {
				t.Fatal(err)
			}
		}
		bought := func(lang string) []string {
			list, err := f.svc.Compras(ctx, tenant.DinerFromRecord(d), lang)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, c := range list {
				out = append(out, c.Descripcion)
			}
			return out
		}
		if got := fmt.Sprint(bought("en")); got != "[2x1 en tapas Two beers for one]" && got != "[Two beers for one 2x1 en tapas]" {
			t.Fatalf("purchases in English: %s", got)
		}
		if got := fmt.Sprint(bought("es")); got != "[2x1 en tapas 2x1 en cañas]" && got != "[2x1 en cañas 2x1 en tapas]" {
			t.Fatalf("purchases in Spanish: %s", got)
		}
		acc := &accounts.Service{DB: db}
		history := func(lang string) map[string]bool {
			pts, err := acc.Points(ctx, tenant.DinerFromRecord(d), lang)
			if err != nil || len(pts) != 1 {
				t.Fatalf("points: %+v %v", pts, err)
			}
			out := map[string]bool{}
			for _, m := range pts[0].Historial {
				out[m.Tipo+": "+m.Detalle] = true
			}
			return out
		}
		if got := history("en"); !got["compra: Two beers for one"] || !got["compra: 2x1 en tapas"] {
			t.Fatalf("points history in English: %v", got)
		}
		if got := history("es"); !got["compra: 2x1 en cañas"] || !got["compra: 2x1 en tapas"] {
			t.Fatalf("points history in Spanish: %v", got)
		}
	})
}

// TestReceiptInTheBuyersLanguage: the receipt is written in the language the
// diner bought in, with the offer's English title when it has one, and
// Spanish otherwise; names and titles are escaped in the HTML part.
func TestReceiptInTheBuyersLanguage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 5, 2)
		if _, err := db.Exec(ctx, `UPDATE cupones SET titulo_en = ? WHERE id = ?`, "2-for-1 <tapas>", f.cupon); err != nil {
			t.Fatal(err)
		}
		receipt := func(uid int64, lang string) (subject, text, html string) {
			t.Helper()
			p, err := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: uid, Lang: lang}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := f.svc.Confirm(ctx, checkout.Outcome{Session: sessionOf(t, db, p.CompraID), Approved: true}); err != nil {
				t.Fatal(err)
			}
			if err := db.QueryRow(ctx, `SELECT o.subject, o.body_text, o.body_html FROM outbox o JOIN usuarios u ON u.email = o.to_addr
				WHERE o.kind = 'receipt' AND u.id = ?`, uid).Scan(&subject, &text, &html); err != nil {
				t.Fatal(err)
			}
			return subject, text, html
		}
		subject, text, html := receipt(f.diners[0], "en")
		if subject != "Your coupon: 2-for-1 <tapas>" || !strings.Contains(text, "Your payment of $") || !strings.Contains(text, "Your coupon code is ") {
			t.Fatalf("English receipt: %q\n%s", subject, text)
		}
		if !strings.Contains(html, "<strong>2-for-1 &lt;tapas&gt;</strong>") || strings.Contains(html, "<tapas>") || !strings.Contains(html, "See my purchases") {
			t.Fatalf("English HTML: %s", html)
		}
		subject, text, _ = receipt(f.diners[1], "")
		if subject != "Tu cupón: 2x1 en tapas" || !strings.Contains(text, "Hola Comensal 1,") || !strings.Contains(text, "Muéstralo en el restaurante") {
			t.Fatalf("Spanish receipt: %q\n%s", subject, text)
		}
	})
}

// A coupon purchase's checkout session is recorded with its kind, the
// purchase and the restaurant; the checkout domain confirms it through that
// record, and a purchase whose session was created before sessions were
// recorded (no row) is confirmed all the same, found by its own column.
func TestPurchaseSessionsRecordedWithTheirKind(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 5, 2)
		c := &checkout.Confirmer{DB: db, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		c.Register(f.svc)
		var ids []int64
		for _, d := range f.diners {
			p, err := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: d, Email: "d@example.com", Lang: "es"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, p.CompraID)
			s, err := c.Lookup(ctx, sessionOf(t, db, p.CompraID))
			if err != nil || s.Kind != "cupon" || s.Ref != p.CompraID || s.Restaurant != f.cliente {
				t.Fatalf("recorded session %+v, %v", s, err)
			}
		}
		if _, err := db.Exec(ctx, `DELETE FROM sesiones_checkout WHERE session_id = ?`, sessionOf(t, db, ids[1])); err != nil {
			t.Fatal(err)
		}
		for i, id := range ids {
			v, err := c.DemoResult(ctx, sessionOf(t, db, id), true)
			if err != nil {
				t.Fatalf("purchase %d: %v", i, err)
			}
			if d := v.(offers.DemoCheckout); d.CompraID != id || d.Estado != offers.CompraPagado {
				t.Fatalf("purchase %d (recorded: %v) after 'Pagar': %+v", i, i == 0, d)
			}
		}
		if n := f.count(t, offers.CompraPagado); n != 2 {
			t.Fatalf("%d purchases paid, want 2", n)
		}
	})
}

// A hold whose checkout was never recorded (the request that took it
// failed after the hold, and its release failed too: the database went
// away meanwhile) answers 'Ya estás pagando esta oferta' while its request
// may still be opening the checkout, and is replaced once that cannot be
// (offers.OpeningTime), not for the hold's whole life.
func TestAHoldThatLostItsCheckoutIsReplaced(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 5, 1)
		me := offers.Buyer{UsuarioID: f.diners[0]}
		first, err := f.svc.Buy(ctx, f.cupon, me, nil)
		if err != nil {
			t.Fatal(err)
		}
		// As the failed request left it: held, without its checkout.
		if _, err := db.Exec(ctx, `UPDATE compras SET checkout_url = '' WHERE id = ?`, first.CompraID); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		db.Now = func() time.Time { return now.Add(offers.OpeningTime - 10*time.Second) }
		if _, err := f.svc.Buy(ctx, f.cupon, me, nil); !errors.Is(err, offers.ErrHoldInProgress) {
			t.Fatalf("while it may still be opening: %v, want ErrHoldInProgress", err)
		}
		db.Now = func() time.Time { return now.Add(offers.OpeningTime + 10*time.Second) }
		again, err := f.svc.Buy(ctx, f.cupon, me, nil)
		if err != nil || again.CompraID == first.CompraID || again.CheckoutURL == "" {
			t.Fatalf("after the opening time: %+v %v; want a new checkout", again, err)
		}
		if got := compraField(t, db, first.CompraID, "estado"); got != offers.CompraExpirado {
			t.Fatalf("the lost hold is %q, want %q", got, offers.CompraExpirado)
		}
		// Its unit went back before the new hold took one: one held in all.
		if f.stock(t) != 4 || f.count(t, offers.CompraPendiente) != 1 {
			t.Fatalf("stock %d, open holds %d; want 4, 1", f.stock(t), f.count(t, offers.CompraPendiente))
		}
	})
}
