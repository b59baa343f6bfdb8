package ordering_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"carta/internal/accounts"
	"carta/internal/apperr"
	"carta/internal/checkout"
	checkoutdemo "carta/internal/checkout/demo"
	"carta/internal/clientes"
	"carta/internal/mail"
	"carta/internal/menu"
	"carta/internal/ordering"
	"carta/internal/pos"
	posdemo "carta/internal/pos/demo"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// fakePOS is the demo POS with faults to inject: a different total, a
// refused cart, creations or deletions that fail before one lands, a
// refused deletion, and something to do while an order is being created.
type fakePOS struct {
	*posdemo.Merchant
	mu            sync.Mutex
	totalsDelta   int64
	reject        bool
	down          bool // Totals fails as unavailable
	failCreates   int
	creates       int
	whileCreating func()
	failDeletes   int
	refuseDeletes bool
	deletes       int
	whileDeleting func()
}

func (f *fakePOS) DeleteOrder(ctx context.Context, id, ref string) error {
	f.mu.Lock()
	f.deletes++
	fail, refuse, while := f.failDeletes > 0, f.refuseDeletes, f.whileDeleting
	if fail {
		f.failDeletes--
	}
	f.mu.Unlock()
	switch {
	case fail:
		return fmt.Errorf("%w: 503 from Clover", pos.ErrUnavailable)
	case refuse:
		return fmt.Errorf("%w: 400 Order cannot be deleted", pos.ErrRejected)
	}
	err := f.Merchant.DeleteOrder(ctx, id, ref)
	if while != nil {
		while()
	}
	return err
}

func (f *fakePOS) Totals(ctx context.Context, o pos.Order) (pos.Totals, error) {
	f.mu.Lock()
	delta, reject, down := f.totalsDelta, f.reject, f.down
	f.mu.Unlock()
	if reject {
		return pos.Totals{}, fmt.Errorf("%w: item_does_not_exist", pos.ErrRejected)
	}
	if down {
		return pos.Totals{}, fmt.Errorf("%w: 503", pos.ErrUnavailable)
	}
	t, err := f.Merchant.Totals(ctx, o)
	t.Total += delta
	return t, err
}

func (f *fakePOS) CreateOrder(ctx context.Context, o pos.Order) (string, error) {
	f.mu.Lock()
	f.creates++
	fail := f.failCreates > 0
	if fail {
		f.failCreates--
	}
	while := f.whileCreating
	f.mu.Unlock()
	if fail {
		return "", fmt.Errorf("%w: 502 from Clover", pos.ErrUnavailable)
	}
	if while != nil {
		while()
	}
	return f.Merchant.CreateOrder(ctx, o)
}

type fixture struct {
	db      *store.DB
	svc     *ordering.Service
	pos     *fakePOS
	now     *time.Time
	cliente tenant.ID
	other   tenant.ID
}

// The demo catalogue's (DEMOMERCHANT1) steak at 42.00: a required "Punto
// de cocción" and an optional "Guarnición".
const chuleton = "Chuletón de Res"

// setup opens a restaurant on the demo POS, synced, taking orders on a
// fixed Tuesday at 13:00 in New York.
func setup(t *testing.T, db *store.DB, perSlot int) *fixture {
	t.Helper()
	ctx := context.Background()
	loc, _ := time.LoadLocation("America/New_York")
	now := time.Date(2026, 11, 24, 13, 0, 0, 0, loc)
	db.Now = func() time.Time { return now }
	f := &fixture{db: db, now: &now}
	db.Now = func() time.Time { return *f.now }
	mk := func(nombre, merchant string) tenant.ID {
		mid := merchant
		id, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: nombre, MerchantID: &mid, Email: merchant + "@example.com", Estado: clientes.EstadoActivo})
		if err != nil {
			t.Fatal(err)
		}
		t2 := tenant.Job(id)
		if err := clientes.SetPOSProvider(ctx, db, t2, "demo"); err != nil {
			t.Fatal(err)
		}
		return t2
	}
	f.cliente = mk("La Cava", "DEMOMERCHANT1")
	f.other = mk("Taquería", "DEMOMERCHANT2")
	m, err := posdemo.New("DEMOMERCHANT1")
	if err != nil {
		t.Fatal(err)
	}
	f.pos = &fakePOS{Merchant: m}
	other, _ := posdemo.New("DEMOMERCHANT2")
	menuSvc := &menu.Service{DB: db, Catalog: func(conn clientes.POSConnection) (pos.Catalog, error) { return posdemo.New(conn.Merchant) }}
	for _, c := range []tenant.ID{f.cliente, f.other} {
		if _, err := menuSvc.Sync(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	f.svc = &ordering.Service{DB: db, Menu: menuSvc, BaseURL: "https://carta.test", Log: log, Feed: &ordering.Feed{DB: db},
		Checkout: func(clientes.POSConnection) (checkout.Provider, error) {
			return &checkoutdemo.Provider{BaseURL: "https://carta.test", Now: db.Now}, nil
		},
		POS: func(conn clientes.POSConnection) (pos.Orders, error) {
			if conn.Merchant == "DEMOMERCHANT2" {
				return other, nil
			}
			return f.pos, nil
		}}
	cfg := ordering.Config{Activo: true, PreparacionMin: 20, ZonaHoraria: "America/New_York", PedidosPorFranja: perSlot}
	for d := 1; d <= 6; d++ {
		cfg.Horario = append(cfg.Horario, ordering.Hours{Dia: d, Abre: "12:00", Cierra: "22:00"})
	}
	for _, c := range []tenant.ID{f.cliente, f.other} {
		if _, err := f.svc.SaveConfig(ctx, c, cfg); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// product finds a synced product of the restaurant by its POS name.
func (f *fixture) product(t *testing.T, name string) menu.OrderItem {
	t.Helper()
	items, err := menu.OrderItems(context.Background(), f.db, f.cliente, "es", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if it.POSName == name {
			return it
		}
	}
	t.Fatalf("no product %s", name)
	return menu.OrderItem{}
}

// steak is a line of the demo's steak, cooked "al punto" with fries.
func (f *fixture) steak(t *testing.T, qty int) ordering.LineRequest {
	it := f.product(t, chuleton)
	return ordering.LineRequest{ProductID: it.ID, Quantity: qty, ModifierIDs: []string{it.Groups[0].Modifiers[1].ID, it.Groups[1].Modifiers[0].ID}}
}

func (f *fixture) place(t *testing.T, in ordering.PlaceInput) (ordering.Placed, error) {
	t.Helper()
	if in.ClienteID == 0 {
		in.ClienteID = f.cliente.Int64()
	}
	if in.Items == nil {
		in.Items = []ordering.LineRequest{f.steak(t, 2)}
	}
	if in.Customer.Nombre == "" {
		in.Customer = ordering.Customer{Nombre: "Ana Pérez", Email: "ana@example.com", Telefono: "555 1234"}
	}
	return f.svc.Place(context.Background(), in)
}

func (f *fixture) session(t *testing.T, id int64) string {
	t.Helper()
	var s string
	if err := f.db.QueryRow(context.Background(), `SELECT checkout_session_id FROM pedidos WHERE id = ?`, id).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func (f *fixture) estado(t *testing.T, id int64) string {
	t.Helper()
	var s string
	if err := f.db.QueryRow(context.Background(), `SELECT estado FROM pedidos WHERE id = ?`, id).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func (f *fixture) count(t *testing.T, q string, args ...any) int {
	t.Helper()
	var n int
	if err := f.db.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (f *fixture) taken(t *testing.T) int {
	return f.count(t, `SELECT COALESCE(SUM(ocupados), 0) FROM pedidos_franjas WHERE cliente_id = ?`, f.cliente.Int64())
}

func (f *fixture) pay(t *testing.T, id int64) {
	t.Helper()
	if err := f.svc.Confirm(context.Background(), checkout.Outcome{Session: f.session(t, id), Approved: true, PaymentID: fmt.Sprintf("PAY-%d", id)}); err != nil {
		t.Fatal(err)
	}
}

func TestPlaceConfirmAndSendToPOS(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		uid, err := accounts.Create(ctx, db, accounts.Usuario{Nombre: "Luis", Email: "luis@example.com", PasswordHash: "x"})
		if err != nil {
			t.Fatal(err)
		}
		d := tenant.DinerFromRecord(uid)
		p, err := f.place(t, ordering.PlaceInput{Diner: &d, Nota: "Sin sal", Idioma: "en"})
		if err != nil {
			t.Fatal(err)
		}
		// 2 × (42.00 + 3.00 fries) = 90.00, 8.25% = 7.425 → 7.43.
		if p.Total != 9743 || p.CheckoutURL == "" || p.Token == "" || f.estado(t, p.PedidoID) != ordering.EstadoPendientePago {
			t.Fatalf("placed %+v", p)
		}
		if f.taken(t) != 1 {
			t.Fatalf("slot not held")
		}
		// Paid twice through the same webhook event, then once more by the
		// demo page: one order, one number, one e-mail, one set of points.
		o := checkout.Outcome{Session: f.session(t, p.PedidoID), Approved: true, PaymentID: "PAY-1", Provider: "clover", Event: "PAY-1"}
		for i := 0; i < 2; i++ {
			if err := f.svc.Confirm(ctx, o); err != nil {
				t.Fatal(err)
			}
		}
		o.Event = ""
		if err := f.svc.Confirm(ctx, o); err != nil {
			t.Fatal(err)
		}
		sg, err := f.svc.Follow(ctx, p.PedidoID, p.Token, nil)
		if err != nil || sg.Estado != ordering.EstadoRecibido || sg.Numero != 1 || sg.Total != 9743 || len(sg.Lineas) != 1 || len(sg.Lineas[0].Modificadores) != 2 {
			t.Fatalf("order %+v %v", sg, err)
		}
		if n := f.count(t, `SELECT COUNT(*) FROM outbox WHERE kind = 'pedido' AND to_addr = 'ana@example.com'`); n != 1 {
			t.Fatalf("%d confirmation e-mails", n)
		}
		msgs, _ := mail.ListOutbox(ctx, db, 10)
		if len(msgs) == 0 || msgs[0].Subject != "Order #1 confirmed — La Cava" {
			t.Fatalf("e-mail %+v", msgs)
		}
		// Its link opens the order's page branded as its restaurant's (menu=), on any device.
		if link := fmt.Sprintf("https://carta.test/pedido/%d?t=%s&menu=%d", p.PedidoID, p.Token, f.cliente.Int64()); !strings.Contains(msgs[0].Text, link) {
			t.Fatalf("e-mail without %s:\n%s", link, msgs[0].Text)
		}
		if pts := f.count(t, `SELECT COALESCE(SUM(puntos), 0) FROM puntos WHERE usuario_id = ? AND pedido_id = ?`, uid, p.PedidoID); pts != 97 {
			t.Fatalf("points %d, want 97", pts)
		}
		// The diner sees it by token and as its signed-in owner; others do not.
		if _, err := f.svc.Follow(ctx, p.PedidoID, "wrong", nil); !errors.Is(err, ordering.ErrNotFound) {
			t.Fatalf("wrong token: %v", err)
		}
		if _, err := f.svc.Follow(ctx, p.PedidoID, "", &d); err != nil {
			t.Fatalf("owner: %v", err)
		}
		stranger := tenant.DinerFromRecord(uid + 100)
		if _, err := f.svc.Follow(ctx, p.PedidoID, "", &stranger); !errors.Is(err, ordering.ErrNotFound) {
			t.Fatalf("stranger: %v", err)
		}
		if list, err := f.svc.DinerOrders(ctx, d); err != nil || len(list) != 1 {
			t.Fatalf("diner orders %v %v", list, err)
		}
		// The job creates it in the POS, once, with Carta's reference.
		if n, err := f.svc.SendToPOS(ctx); err != nil || n != 1 {
			t.Fatalf("sent %d, %v", n, err)
		}
		if n, _ := f.svc.SendToPOS(ctx); n != 0 {
			t.Fatalf("sent again")
		}
		orders := f.pos.Orders()
		if len(orders) != 1 || orders[0].Reference != fmt.Sprintf("carta-pedido-%d", p.PedidoID) || orders[0].Totals.Total != 9743 ||
			orders[0].OrderType != ordering.OrderType || orders[0].Note != "Sin sal" || orders[0].Lines[0].Quantity != 2 {
			t.Fatalf("POS orders %+v", orders)
		}
		b, err := f.svc.Board(ctx, f.cliente, "")
		if err != nil || len(b.Pedidos) != 1 || b.Pedidos[0].PosEstado != ordering.POSCreado || b.Resumen.Total != 9743 || b.Dia != "2026-11-24" {
			t.Fatalf("board %+v %v", b, err)
		}
		// Another restaurant's board does not show it.
		if b, _ := f.svc.Board(ctx, f.other, ""); len(b.Pedidos) != 0 {
			t.Fatalf("other board %+v", b.Pedidos)
		}
	})
}

func TestDeclinedAndExpiredOrdersFreeTheirSlot(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		a, err := f.place(t, ordering.PlaceInput{})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Confirm(ctx, checkout.Outcome{Session: f.session(t, a.PedidoID), Approved: false}); err != nil {
			t.Fatal(err)
		}
		if f.estado(t, a.PedidoID) != ordering.EstadoFallido || f.taken(t) != 0 {
			t.Fatalf("declined: %s, %d held", f.estado(t, a.PedidoID), f.taken(t))
		}
		b, err := f.place(t, ordering.PlaceInput{})
		if err != nil {
			t.Fatal(err)
		}
		*f.now = f.now.Add(ordering.HoldTime + time.Second)
		if n, err := f.svc.ExpirePending(ctx); err != nil || n != 1 {
			t.Fatalf("expired %d, %v", n, err)
		}
		if f.estado(t, b.PedidoID) != ordering.EstadoExpirado || f.taken(t) != 0 {
			t.Fatalf("expired: %s, %d held", f.estado(t, b.PedidoID), f.taken(t))
		}
		// A payment that arrives after all is never dropped: the order is
		// taken and holds its slot again.
		f.pay(t, b.PedidoID)
		if f.estado(t, b.PedidoID) != ordering.EstadoRecibido || f.taken(t) != 1 {
			t.Fatalf("late payment: %s, %d held", f.estado(t, b.PedidoID), f.taken(t))
		}
	})
}

func TestReplacingAnUnpaidOrder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db, 1)
		a, err := f.place(t, ordering.PlaceInput{})
		if err != nil {
			t.Fatal(err)
		}
		// The slot is full; the same browser's new order gives the first up.
		if _, err := f.place(t, ordering.PlaceInput{}); !errors.Is(err, ordering.ErrSlotFull) {
			t.Fatalf("second order in a full slot: %v", err)
		}
		if _, err := f.place(t, ordering.PlaceInput{Replaces: a.PedidoID, ReplacesToken: "not-its-token"}); !errors.Is(err, ordering.ErrSlotFull) {
			t.Fatalf("a wrong token gave the order up: %v", err)
		}
		b, err := f.place(t, ordering.PlaceInput{Replaces: a.PedidoID, ReplacesToken: a.Token})
		if err != nil {
			t.Fatal(err)
		}
		if f.estado(t, a.PedidoID) != ordering.EstadoFallido || f.estado(t, b.PedidoID) != ordering.EstadoPendientePago || f.taken(t) != 1 {
			t.Fatalf("replaced: %s / %s", f.estado(t, a.PedidoID), f.estado(t, b.PedidoID))
		}
	})
}

func TestSlotCapacityIsExactUnderConcurrency(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db, 3)
		items := []ordering.LineRequest{f.steak(t, 1)}
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, full := 0, 0
		for i := 0; i < 12; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, err := f.svc.Place(context.Background(), ordering.PlaceInput{ClienteID: f.cliente.Int64(), Items: items,
					Customer: ordering.Customer{Nombre: "Cliente", Email: fmt.Sprintf("c%d@example.com", i)}})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case errors.Is(err, ordering.ErrSlotFull):
					full++
				default:
					t.Errorf("place: %v", err)
				}
			}(i)
		}
		wg.Wait()
		if ok != 3 || full != 9 || f.taken(t) != 3 {
			t.Fatalf("%d placed, %d full, %d held; want 3, 9, 3", ok, full, f.taken(t))
		}
		// An order refused for its full slot left nothing behind.
		if n, l := f.count(t, `SELECT COUNT(*) FROM pedidos`), f.count(t, `SELECT COUNT(*) FROM pedido_lineas`); n != 3 || l != 3 {
			t.Fatalf("%d orders and %d lines stored; want 3 and 3", n, l)
		}
		a, err := f.svc.Availability(context.Background(), f.cliente.Int64())
		if err != nil || a.Abierto {
			t.Fatalf("the full slot is still offered: %+v %v", a, err)
		}
	})
}

func TestTheTotalMustBeThePOSs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db, 0)
		none := func() {
			t.Helper()
			if n := f.count(t, `SELECT COUNT(*) FROM pedidos`); n != 0 || f.taken(t) != 0 {
				t.Fatalf("%d orders stored, %d slots held", n, f.taken(t))
			}
		}
		f.pos.totalsDelta = 1 // the POS says one cent more
		if _, err := f.place(t, ordering.PlaceInput{}); !errors.Is(err, ordering.ErrTotalMismatch) {
			t.Fatalf("one cent apart: %v", err)
		}
		none()
		f.pos.totalsDelta, f.pos.reject = 0, true
		if _, err := f.place(t, ordering.PlaceInput{}); !errors.Is(err, ordering.ErrPOSRejected) {
			t.Fatalf("refused by the POS: %v", err)
		}
		none()
		f.pos.reject, f.pos.down = false, true
		if _, err := f.place(t, ordering.PlaceInput{}); apperr.KindOf(err) != apperr.Unavailable {
			t.Fatalf("POS down: %v", err)
		}
		none()
	})
}

func TestOrdersRefusedByTheRestaurantsSettings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		cfg, _ := f.svc.Config(ctx, f.cliente)
		cfg.PausadoHasta = f.now.Add(30 * time.Minute).Unix()
		if _, err := f.svc.SaveConfig(ctx, f.cliente, cfg); err != nil {
			t.Fatal(err)
		}
		if _, err := f.place(t, ordering.PlaceInput{}); !errors.Is(err, ordering.ErrPaused) {
			t.Fatalf("paused: %v", err)
		}
		cfg.PausadoHasta, cfg.Activo = 0, false
		if _, err := f.svc.SaveConfig(ctx, f.cliente, cfg); err != nil {
			t.Fatal(err)
		}
		if _, err := f.place(t, ordering.PlaceInput{}); !errors.Is(err, ordering.ErrInactive) {
			t.Fatalf("ordering off: %v", err)
		}
		if n := f.count(t, `SELECT COUNT(*) FROM pedidos`); n != 0 {
			t.Fatalf("%d orders stored", n)
		}
	})
}

func TestSoldOutToday(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		line := f.steak(t, 1)
		if err := f.svc.SetSoldOut(ctx, f.cliente, line.ProductID, true); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Quote(ctx, f.cliente.Int64(), "es", []ordering.LineRequest{line}); apperr.KindOf(err) != apperr.Invalid {
			t.Fatalf("sold out product quoted: %v", err)
		}
		m, _ := f.svc.OnlineMenu(ctx, tenant.PublicMenu(f.cliente.Int64()), "es")
		for _, c := range m.Categorias {
			for _, p := range c.Productos {
				if p.ID == line.ProductID {
					t.Fatal("sold out product on the online menu")
				}
			}
		}
		// After the restaurant's midnight the job makes it available again.
		*f.now = time.Date(2026, 11, 25, 0, 0, 30, 0, f.now.Location())
		if _, err := f.svc.Menu.ClearSoldOut(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Quote(ctx, f.cliente.Int64(), "es", []ordering.LineRequest{line}); err != nil {
			t.Fatalf("next day: %v", err)
		}
		if n := f.count(t, `SELECT COUNT(*) FROM productos WHERE agotado_hasta > 0`); n != 0 {
			t.Fatalf("%d products still marked", n)
		}
	})
}

func TestPOSFailuresAreRetriedUntilTheOrderLands(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		p, err := f.place(t, ordering.PlaceInput{})
		if err != nil {
			t.Fatal(err)
		}
		f.pos.failCreates = 2
		f.pay(t, p.PedidoID)
		check := func(estado string, intentos int) {
			t.Helper()
			b, err := f.svc.Board(ctx, f.cliente, "")
			if err != nil || len(b.Pedidos) != 1 {
				t.Fatal(err)
			}
			if got := b.Pedidos[0]; got.PosEstado != estado || got.PosIntentos != intentos || (estado == ordering.POSError) != (got.PosError != "") {
				t.Fatalf("pos %s/%d/%q, want %s/%d", got.PosEstado, got.PosIntentos, got.PosError, estado, intentos)
			}
		}
		if n, _ := f.svc.SendToPOS(ctx); n != 0 {
			t.Fatal("sent despite the failure")
		}
		check(ordering.POSError, 1)
		// Not before its back-off...
		if n, _ := f.svc.SendToPOS(ctx); n != 0 || f.pos.creates != 1 {
			t.Fatalf("retried at once (%d calls)", f.pos.creates)
		}
		*f.now = f.now.Add(30 * time.Second)
		f.svc.SendToPOS(ctx)
		check(ordering.POSError, 2)
		// ...unless staff ask for it.
		if err := f.svc.RetryPOS(ctx, f.cliente, p.PedidoID); err != nil {
			t.Fatal(err)
		}
		if n, _ := f.svc.SendToPOS(ctx); n != 1 {
			t.Fatal("not sent on retry")
		}
		check(ordering.POSCreado, 3)
		if len(f.pos.Orders()) != 1 {
			t.Fatalf("%d orders in the POS", len(f.pos.Orders()))
		}
		if err := f.svc.RetryPOS(ctx, f.cliente, p.PedidoID); !errors.Is(err, ordering.ErrPOSDone) {
			t.Fatalf("retry of a created order: %v", err)
		}
		if err := f.svc.RetryPOS(ctx, f.other, p.PedidoID); !errors.Is(err, ordering.ErrNotFound) {
			t.Fatalf("another restaurant's retry: %v", err)
		}
	})
}

// A cancelled order leaves the POS: deleted when it was created, never
// created when it was not sent yet, deleted when it was cancelled while
// being sent; a failed deletion is retried after its back-off, a refused
// one is left for the staff (no_anulado) and not retried.
func TestCancelledOrdersLeaveThePOS(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		paid := func() int64 {
			t.Helper()
			p, err := f.place(t, ordering.PlaceInput{})
			if err != nil {
				t.Fatal(err)
			}
			f.pay(t, p.PedidoID)
			return p.PedidoID
		}
		cancel := func(id int64) ordering.Pedido {
			t.Helper()
			p, err := f.svc.Move(ctx, f.cliente, id, ordering.EstadoCancelado, "Sin existencias")
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		posState := func(id int64) (estado, posErr string, intentos int) {
			t.Helper()
			if err := db.QueryRow(ctx, `SELECT pos_estado, pos_error, pos_intentos FROM pedidos WHERE id = ?`, id).Scan(&estado, &posErr, &intentos); err != nil {
				t.Fatal(err)
			}
			return
		}
		inPOS := func(id int64) bool {
			for _, o := range f.pos.Orders() {
				if o.Reference == fmt.Sprintf("carta-pedido-%d", id) {
					return true
				}
			}
			return false
		}

		// Created, then cancelled.
		created := paid()
		if n, _ := f.svc.SendToPOS(ctx); n != 1 || !inPOS(created) {
			t.Fatal("not created in the POS")
		}
		if p := cancel(created); p.PosEstado != ordering.POSAnular {
			t.Fatalf("cancelled order's POS state %q, want %q", p.PosEstado, ordering.POSAnular)
		}
		if n, _ := f.svc.SendToPOS(ctx); n != 0 {
			t.Fatal("a cancelled order was sent again")
		}
		if n, err := f.svc.RemoveFromPOS(ctx); n != 1 || err != nil || inPOS(created) {
			t.Fatalf("removed %d (%v); still in the POS: %v", n, err, inPOS(created))
		}
		if e, _, _ := posState(created); e != ordering.POSAnulado {
			t.Fatalf("POS state %q, want %q", e, ordering.POSAnulado)
		}

		// Cancelled before it was sent: never created.
		creates := f.pos.creates
		early := paid()
		cancel(early)
		f.svc.SendToPOS(ctx)
		if n, err := f.svc.RemoveFromPOS(ctx); n != 1 || err != nil {
			t.Fatalf("removed %d (%v)", n, err)
		}
		if e, _, _ := posState(early); e != ordering.POSAnulado || f.pos.creates != creates || inPOS(early) {
			t.Fatalf("POS state %q, %d creations, in the POS %v", e, f.pos.creates-creates, inPOS(early))
		}

		// Cancelled while the sender was creating it: recorded to delete, deleted.
		during := paid()
		f.pos.whileCreating = func() { cancel(during) }
		if n, _ := f.svc.SendToPOS(ctx); n != 1 || !inPOS(during) {
			t.Fatal("not created")
		}
		f.pos.whileCreating = nil
		if e, _, _ := posState(during); e != ordering.POSAnular {
			t.Fatalf("POS state %q after a cancellation during the send, want %q", e, ordering.POSAnular)
		}
		if n, _ := f.svc.RemoveFromPOS(ctx); n != 1 || inPOS(during) {
			t.Fatal("not deleted from the POS")
		}

		// A send that lands while the deletion looks the order up (a send
		// that outlived its lease): its order is deleted on the next pass.
		late := paid()
		cancel(late)
		f.pos.whileDeleting = func() {
			f.pos.whileDeleting = nil
			// The send started before the cancellation (it saw the order
			// still to create) and lands now.
			if _, err := db.Exec(ctx, `UPDATE pedidos SET pos_estado = 'pendiente', pos_siguiente_at = 0 WHERE id = ?`, late); err != nil {
				t.Error(err)
			}
			if n, _ := f.svc.SendToPOS(ctx); n != 1 || !inPOS(late) {
				t.Error("the late send did not land")
			}
		}
		f.svc.RemoveFromPOS(ctx)
		if e, _, _ := posState(late); e != ordering.POSAnular {
			t.Fatalf("POS state %q with an order created meanwhile, want %q", e, ordering.POSAnular)
		}
		f.svc.RemoveFromPOS(ctx)
		if e, _, _ := posState(late); e != ordering.POSAnulado || inPOS(late) {
			t.Fatalf("POS state %q, in the POS %v", e, inPOS(late))
		}

		// A failure, retried after its back-off; then a refusal, left to the staff.
		refused := paid()
		f.svc.SendToPOS(ctx)
		f.pos.failDeletes = 1
		cancel(refused)
		if n, _ := f.svc.RemoveFromPOS(ctx); n != 0 {
			t.Fatal("a failed deletion counted")
		}
		if e, msg, intentos := posState(refused); e != ordering.POSAnular || msg == "" || intentos != 1 {
			t.Fatalf("after a failure: %q %q %d", e, msg, intentos)
		}
		deletes := f.pos.deletes
		f.svc.RemoveFromPOS(ctx)
		if f.pos.deletes != deletes {
			t.Fatal("retried before its back-off")
		}
		*f.now = f.now.Add(30 * time.Second)
		f.pos.refuseDeletes = true
		f.svc.RemoveFromPOS(ctx)
		if e, msg, intentos := posState(refused); e != ordering.POSNoAnulado || !strings.Contains(msg, "cannot be deleted") || intentos != 2 || !inPOS(refused) {
			t.Fatalf("after a refusal: %q %q %d, in the POS %v", e, msg, intentos, inPOS(refused))
		}
		*f.now = f.now.Add(time.Hour)
		f.svc.RemoveFromPOS(ctx)
		if f.pos.deletes != deletes+1 {
			t.Fatalf("a refused deletion was tried again (%d calls)", f.pos.deletes-deletes)
		}
		// The board shows each state.
		b, err := f.svc.Board(ctx, f.cliente, "")
		if err != nil {
			t.Fatal(err)
		}
		got := map[int64]string{}
		for _, p := range b.Pedidos {
			got[p.ID] = p.PosEstado
		}
		want := map[int64]string{created: ordering.POSAnulado, early: ordering.POSAnulado, during: ordering.POSAnulado, late: ordering.POSAnulado,
			refused: ordering.POSNoAnulado}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("board POS states %v, want %v", got, want)
		}
	})
}

func TestTransitionTable(t *testing.T) {
	estados := []string{ordering.EstadoPendientePago, ordering.EstadoRecibido, ordering.EstadoPreparacion, ordering.EstadoListo,
		ordering.EstadoEntregado, ordering.EstadoCancelado, ordering.EstadoFallido, ordering.EstadoExpirado}
	allowed := map[[2]string]bool{
		{ordering.EstadoRecibido, ordering.EstadoPreparacion}: true, {ordering.EstadoRecibido, ordering.EstadoCancelado}: true,
		{ordering.EstadoPreparacion, ordering.EstadoListo}: true, {ordering.EstadoPreparacion, ordering.EstadoCancelado}: true,
		{ordering.EstadoListo, ordering.EstadoEntregado}: true, {ordering.EstadoListo, ordering.EstadoCancelado}: true,
	}
	for _, from := range estados {
		for _, to := range estados {
			if got := ordering.CanMove(from, to); got != allowed[[2]string{from, to}] {
				t.Errorf("CanMove(%s, %s) = %v", from, to, got)
			}
		}
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		p, err := f.place(t, ordering.PlaceInput{})
		if err != nil {
			t.Fatal(err)
		}
		f.pay(t, p.PedidoID)
		for _, from := range estados {
			for _, to := range estados {
				if _, err := db.Exec(ctx, `UPDATE pedidos SET estado = ?, reembolso = '' WHERE id = ?`, from, p.PedidoID); err != nil {
					t.Fatal(err)
				}
				got, err := f.svc.Move(ctx, f.cliente, p.PedidoID, to, "Se acabó el producto")
				if allowed[[2]string{from, to}] {
					if err != nil || got.Estado != to {
						t.Errorf("%s → %s refused: %v", from, to, err)
					}
					continue
				}
				if apperr.KindOf(err) != apperr.Conflict || f.estado(t, p.PedidoID) != from {
					t.Errorf("%s → %s: err %v, now %s", from, to, err, f.estado(t, p.PedidoID))
				}
			}
		}
		// Cancelling needs a reason, and marks the payment for refund.
		db.Exec(ctx, `UPDATE pedidos SET estado = 'recibido', reembolso = '' WHERE id = ?`, p.PedidoID)
		if _, err := f.svc.Move(ctx, f.cliente, p.PedidoID, ordering.EstadoCancelado, "  "); !errors.Is(err, ordering.ErrMotivo) {
			t.Fatalf("cancel without a reason: %v", err)
		}
		if _, err := f.svc.Move(ctx, f.cliente, p.PedidoID, "servido", ""); !errors.Is(err, ordering.ErrEstado) {
			t.Fatalf("unknown state: %v", err)
		}
		if _, err := f.svc.Move(ctx, f.other, p.PedidoID, ordering.EstadoPreparacion, ""); !errors.Is(err, ordering.ErrNotFound) {
			t.Fatalf("another restaurant moved it: %v", err)
		}
		got, err := f.svc.Move(ctx, f.cliente, p.PedidoID, ordering.EstadoCancelado, "Cerramos por una avería")
		if err != nil || got.Reembolso != "pendiente" || got.MotivoCancelacion != "Cerramos por una avería" {
			t.Fatalf("cancelled %+v %v", got, err)
		}
		var subject string
		db.QueryRow(ctx, `SELECT subject FROM outbox WHERE kind = 'pedido' ORDER BY id DESC LIMIT 1`).Scan(&subject)
		if subject != "Tu pedido #1 fue cancelado — La Cava" {
			t.Fatalf("last e-mail %q", subject)
		}
		if got, err = f.svc.MarkRefunded(ctx, f.cliente, p.PedidoID); err != nil || got.Reembolso != "reembolsado" {
			t.Fatalf("refunded %+v %v", got, err)
		}
		if _, err := f.svc.MarkRefunded(ctx, f.cliente, p.PedidoID); !errors.Is(err, ordering.ErrNoRefund) {
			t.Fatalf("refunded twice: %v", err)
		}
	})
}

func TestFeedDeliversEachChangeToItsListeners(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		feed := f.svc.Feed
		board, err := feed.ListenBoard(ctx, f.cliente)
		if err != nil {
			t.Fatal(err)
		}
		elsewhere, _ := feed.ListenBoard(ctx, f.other)
		p, err := f.place(t, ordering.PlaceInput{})
		if err != nil {
			t.Fatal(err)
		}
		page, _ := feed.ListenOrder(ctx, f.cliente.Int64(), p.PedidoID, "192.0.2.1")
		f.pay(t, p.PedidoID)
		q, _ := f.place(t, ordering.PlaceInput{})
		f.pay(t, q.PedidoID)
		if _, err := f.svc.Move(ctx, f.cliente, p.PedidoID, ordering.EstadoPreparacion, ""); err != nil {
			t.Fatal(err)
		}
		if err := feed.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		got := func(l *ordering.Listener) []string {
			var out []string
			for {
				select {
				case e := <-l.C:
					out = append(out, fmt.Sprintf("%d:%s", e.PedidoID, e.Estado))
				default:
					return out
				}
			}
		}
		want := fmt.Sprintf("[%d:recibido %d:recibido %d:en_preparacion]", p.PedidoID, q.PedidoID, p.PedidoID)
		if g := fmt.Sprint(got(board)); g != want {
			t.Fatalf("board got %s, want %s", g, want)
		}
		if g := fmt.Sprint(got(page)); g != fmt.Sprintf("[%d:recibido %d:en_preparacion]", p.PedidoID, p.PedidoID) {
			t.Fatalf("order page got %s", g)
		}
		if g := got(elsewhere); len(g) != 0 {
			t.Fatalf("another restaurant's board got %v", g)
		}
		feed.Stop(board)
		feed.Stop(page)
		feed.Stop(elsewhere)
		if feed.Listeners() != 0 {
			t.Fatal("listeners left")
		}
		limited := &ordering.Feed{DB: db, MaxListeners: 1}
		if _, err := limited.ListenBoard(ctx, tenant.Job(1)); err != nil {
			t.Fatal(err)
		}
		if _, err := limited.ListenBoard(ctx, tenant.Job(1)); !errors.Is(err, ordering.ErrBusy) {
			t.Fatalf("past the bound: %v", err)
		}
	})
}

// A flood of order pages — one order followed many times, one address
// following many orders, and pages from everywhere until the replica's
// bound — never takes the staff reserve: every restaurant's board still
// connects. Each refusal says which bound it met; a stopped listener gives
// its room back. (The feed's defaults: 2000 listeners, 200 for boards
// alone, 3 per order, 10 per address.)
func TestFeedKeepsTheBoardsReserve(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		feed := &ordering.Feed{DB: db}
		page := func(pedido int64, addr string) (*ordering.Listener, error) {
			return feed.ListenOrder(ctx, 1, pedido, addr)
		}
		var open []*ordering.Listener
		for i := range 3 {
			l, err := page(1, fmt.Sprint("198.51.100.", i))
			if err != nil {
				t.Fatal(err)
			}
			open = append(open, l)
		}
		if _, err := page(1, "198.51.100.9"); !errors.Is(err, ordering.ErrOrderStreams) {
			t.Fatalf("a 4th page of one order: %v, want ErrOrderStreams", err)
		}
		for i := range 10 {
			l, err := page(int64(100+i), "2001:db8:1:2::1")
			if err != nil {
				t.Fatalf("page %d of one address: %v", i, err)
			}
			open = append(open, l)
		}
		if _, err := page(200, "2001:db8:1:2::1"); !errors.Is(err, ordering.ErrAddressStreams) {
			t.Fatalf("an 11th page of one address: %v, want ErrAddressStreams", err)
		}
		// Pages from everywhere, until the feed refuses.
		var err error
		for i := 0; err == nil; i++ {
			var l *ordering.Listener
			if l, err = page(int64(1000+i), fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255)); err == nil {
				open = append(open, l)
			}
		}
		if !errors.Is(err, ordering.ErrBusy) || len(open) != 1800 || feed.Listeners() != 1800 {
			t.Fatalf("pages stopped at %d (%v), want 1800 and ErrBusy", len(open), err)
		}
		// Every restaurant's board connects: the reserve is theirs.
		var boards []*ordering.Listener
		for c := range 200 {
			l, err := feed.ListenBoard(ctx, tenant.Job(int64(c+1)))
			if err != nil {
				t.Fatalf("board of restaurant %d beside 1800 pages: %v", c+1, err)
			}
			boards = append(boards, l)
		}
		if _, err := feed.ListenBoard(ctx, tenant.Job(201)); !errors.Is(err, ordering.ErrBusy) {
			t.Fatalf("past the replica's bound: %v, want ErrBusy", err)
		}
		// A stopped page gives its room back (to a page or a board).
		feed.Stop(open[0])
		feed.Stop(open[0]) // stopping twice changes nothing
		if l, err := page(1, "198.51.100.9"); err != nil {
			t.Fatalf("a page after another closed: %v", err)
		} else {
			open[0] = l
		}
		if _, err := page(2, "198.51.100.9"); !errors.Is(err, ordering.ErrBusy) {
			t.Fatalf("full again: %v", err)
		}
		for _, l := range append(open, boards...) {
			feed.Stop(l)
		}
		if n := feed.Listeners(); n != 0 {
			t.Fatalf("%d listeners left", n)
		}
		for range 3 {
			if _, err := page(1, "2001:db8:1:2::1"); err != nil {
				t.Fatalf("after every stop, the bounds count from 0 again: %v", err)
			}
		}
	})
}

// An order's page streams only while its order is paid and can still
// change: unpaid, finished, or someone else's orders are refused, each
// with its reason; the stream of a paid order ends with the change that
// finishes it.
func TestFollowLiveOnlyForPaidOrdersThatCanChange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		live := func(p ordering.Placed) error {
			l, err := f.svc.FollowLive(ctx, p.PedidoID, p.Token, nil, "192.0.2.7")
			if err == nil {
				f.svc.Feed.Stop(l)
			}
			return err
		}
		p, err := f.place(t, ordering.PlaceInput{})
		if err != nil {
			t.Fatal(err)
		}
		if err := live(p); !errors.Is(err, ordering.ErrLiveUnpaid) {
			t.Fatalf("unpaid: %v, want ErrLiveUnpaid", err)
		}
		if _, err := f.svc.FollowLive(ctx, p.PedidoID, "otro", nil, "192.0.2.7"); !errors.Is(err, ordering.ErrNotFound) {
			t.Fatalf("another token: %v, want ErrNotFound", err)
		}
		f.pay(t, p.PedidoID)
		l, err := f.svc.FollowLive(ctx, p.PedidoID, p.Token, nil, "192.0.2.7")
		if err != nil {
			t.Fatalf("paid: %v", err)
		}
		defer f.svc.Feed.Stop(l)
		for _, to := range []string{ordering.EstadoPreparacion, ordering.EstadoListo, ordering.EstadoEntregado} {
			if _, err := f.svc.Move(ctx, f.cliente, p.PedidoID, to, ""); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.svc.Feed.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		var ends []bool
		for len(l.C) > 0 {
			ends = append(ends, l.Ends(<-l.C))
		}
		if fmt.Sprint(ends) != "[false false true]" {
			t.Fatalf("the stream ends after %v, want only after entregado", ends)
		}
		if err := live(p); !errors.Is(err, ordering.ErrLiveOver) {
			t.Fatalf("picked up: %v, want ErrLiveOver", err)
		}
		// Cancelled, declined and expired orders are over too.
		cancelled, _ := f.place(t, ordering.PlaceInput{})
		f.pay(t, cancelled.PedidoID)
		if _, err := f.svc.Move(ctx, f.cliente, cancelled.PedidoID, ordering.EstadoCancelado, "Sin existencias"); err != nil {
			t.Fatal(err)
		}
		declined, _ := f.place(t, ordering.PlaceInput{})
		if err := f.svc.Confirm(ctx, checkout.Outcome{Session: f.session(t, declined.PedidoID), Approved: false}); err != nil {
			t.Fatal(err)
		}
		expired, _ := f.place(t, ordering.PlaceInput{})
		later := time.Now().Add(ordering.HoldTime + time.Minute)
		db.Now = func() time.Time { return later }
		if _, err := f.svc.ExpirePending(ctx); err != nil {
			t.Fatal(err)
		}
		db.Now = time.Now
		for name, o := range map[string]ordering.Placed{"cancelled": cancelled, "declined": declined, "expired": expired} {
			if err := live(o); !errors.Is(err, ordering.ErrLiveOver) {
				t.Fatalf("%s: %v, want ErrLiveOver", name, err)
			}
		}
		if n := f.svc.Feed.Listeners(); n != 1 {
			t.Fatalf("%d listeners, want the one paid page", n)
		}
	})
}

// TestFeedMissesNothingUnderConcurrentChanges moves many orders at once
// from several goroutines while the feed polls: every change arrives, once.
func TestFeedMissesNothingUnderConcurrentChanges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		var ids []int64
		for i := 0; i < 8; i++ {
			p, err := f.place(t, ordering.PlaceInput{})
			if err != nil {
				t.Fatal(err)
			}
			f.pay(t, p.PedidoID)
			ids = append(ids, p.PedidoID)
		}
		l, err := f.svc.Feed.ListenBoard(ctx, f.cliente)
		if err != nil {
			t.Fatal(err)
		}
		l.C = make(chan ordering.Event, 1000)
		done := make(chan struct{})
		var wg sync.WaitGroup
		for _, id := range ids {
			wg.Add(1)
			go func(id int64) {
				defer wg.Done()
				for _, to := range []string{ordering.EstadoPreparacion, ordering.EstadoListo, ordering.EstadoEntregado} {
					if _, err := f.svc.Move(ctx, f.cliente, id, to, ""); err != nil {
						t.Error(err)
					}
				}
			}(id)
		}
		go func() { wg.Wait(); close(done) }()
		polling := true
		for polling {
			select {
			case <-done:
				polling = false
			default:
			}
			if err := f.svc.Feed.Poll(ctx); err != nil {
				t.Fatal(err)
			}
		}
		seen := map[string]int{}
		for len(l.C) > 0 {
			e := <-l.C
			seen[fmt.Sprintf("%d:%s", e.PedidoID, e.Estado)]++
		}
		if len(seen) != 24 {
			t.Fatalf("%d distinct changes delivered, want 24: %v", len(seen), seen)
		}
		for k, n := range seen {
			if n != 1 {
				t.Fatalf("%s delivered %d times", k, n)
			}
		}
	})
}

// TestOrderMailMoney: the order e-mails write money as the order's page
// does (internal/money: '€97.43'), never '$97.43 EUR'.
func TestOrderMailMoney(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		s := menu.DefaultSettings(f.cliente.Int64())
		s.Moneda = "EUR"
		if err := menu.SaveSettings(ctx, db, f.cliente, s); err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{"es", "en"} {
			p, err := f.place(t, ordering.PlaceInput{Idioma: lang, Address: lang})
			if err != nil {
				t.Fatal(err)
			}
			f.pay(t, p.PedidoID)
			var text, html string
			if err := db.QueryRow(ctx, `SELECT body_text, body_html FROM outbox WHERE kind = 'pedido' ORDER BY id DESC LIMIT 1`).Scan(&text, &html); err != nil {
				t.Fatal(err)
			}
			for _, part := range []string{text, html} {
				// 2 × (42.00 + 3.00) = 90.00 + 8.25% tax = 97.43.
				if !strings.Contains(part, "€97.43") || !strings.Contains(part, "€90.00") || strings.Contains(part, "EUR") || strings.Contains(part, "$") {
					t.Fatalf("%s e-mail: %s", lang, part)
				}
			}
		}
	})
}

// english gives the demo steak, its modifiers and its groups English names
// and the sales tax a Spanish one, as the owner would.
func (f *fixture) english(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	it := f.product(t, chuleton)
	if err := f.svc.Menu.SetProductTranslation(ctx, f.cliente, it.ID, "en", "Rib Steak", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Menu.SetPOSNames(ctx, f.cliente, []menu.NombrePOSInput{
		{Entidad: menu.EntidadGrupo, ID: "DEMOMERCHANT1-PUNTO", Idioma: "en", Name: "Doneness"},
		{Entidad: menu.EntidadModificador, ID: "DEMOMERCHANT1-PUNTO-2", Idioma: "en", Name: "Medium"},
		{Entidad: menu.EntidadGrupo, ID: "DEMOMERCHANT1-GUAR", Idioma: "en", Name: "Sides"},
		{Entidad: menu.EntidadModificador, ID: "DEMOMERCHANT1-GUAR-1", Idioma: "en", Name: "French fries"},
		{Entidad: menu.EntidadImpuesto, ID: "DEMOMERCHANT1-TAX", Idioma: "es", Name: "Impuesto sobre ventas 8.25%"},
	}); err != nil {
		t.Fatal(err)
	}
}

// lineNames is a line's product and modifiers as "2 × Name [Group: Mod, …]".
func lineNames(ls []ordering.Linea) string {
	var out []string
	for _, l := range ls {
		var mods []string
		for _, m := range l.Modificadores {
			mods = append(mods, m.GroupName+": "+m.Name)
		}
		out = append(out, fmt.Sprintf("%d × %s [%s]", l.Cantidad, l.Nombre, strings.Join(mods, ", ")))
	}
	return strings.Join(out, "; ")
}

func taxNames(ts []ordering.TaxLine) string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Name)
	}
	return strings.Join(out, "; ")
}

// TestAnEnglishOrderStaysEnglish: an order placed in English is read back
// in English by its diner (the order's page, 'Mis Compras', the e-mails and
// the demo checkout), with the owner's names of the product, its modifiers,
// its groups and the tax; the kitchen's board keeps the restaurant's own.
func TestAnEnglishOrderStaysEnglish(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		f.english(t)
		uid, err := accounts.Create(ctx, db, accounts.Usuario{Nombre: "Ann", Email: "ann@example.com", PasswordHash: "x"})
		if err != nil {
			t.Fatal(err)
		}
		d := tenant.DinerFromRecord(uid)
		// The cart's quote is in the diner's language already.
		q, err := f.svc.Quote(ctx, f.cliente.Int64(), "en", []ordering.LineRequest{f.steak(t, 2)})
		if err != nil {
			t.Fatal(err)
		}
		if q.Lines[0].Name != "Rib Steak" || q.Lines[0].Modifiers[0].Name != "Medium" || q.Lines[0].Modifiers[0].GroupName != "Doneness" ||
			q.TaxLines[0].Name != "Sales Tax 8.25%" {
			t.Fatalf("English quote: %+v", q)
		}
		p, err := f.place(t, ordering.PlaceInput{Idioma: "en", Diner: &d})
		if err != nil {
			t.Fatal(err)
		}
		const english = "2 × Rib Steak [Doneness: Medium, Sides: French fries]"
		const spanish = "2 × Chuletón de Res [Punto de cocción: Al punto, Guarnición: Patatas fritas]"
		// The demo checkout, before paying: "2 items".
		demo, err := f.svc.DemoCheckout(ctx, f.session(t, p.PedidoID))
		if err != nil || demo.Descripcion != "Pickup order (2 items)" {
			t.Fatalf("demo checkout: %+v %v", demo, err)
		}
		f.pay(t, p.PedidoID)

		sg, err := f.svc.Follow(ctx, p.PedidoID, p.Token, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := lineNames(sg.Lineas); got != english || taxNames(sg.DetalleImpuestos) != "Sales Tax 8.25%" || sg.DetalleImpuestos[0].Amount != sg.Impuestos {
			t.Fatalf("the order's page: %s / %+v", got, sg.DetalleImpuestos)
		}
		mine, err := f.svc.DinerOrders(ctx, d)
		if err != nil || len(mine) != 1 || lineNames(mine[0].Lineas) != english {
			t.Fatalf("'Mis Compras': %+v %v", mine, err)
		}
		var text, html string
		if err := db.QueryRow(ctx, `SELECT body_text, body_html FROM outbox WHERE kind = 'pedido' ORDER BY id DESC LIMIT 1`).Scan(&text, &html); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"2 × Rib Steak", "+ Medium", "+ French fries", "Sales Tax 8.25%: $7.43", "Total: $97.43"} {
			if !strings.Contains(text, want) {
				t.Fatalf("English e-mail without %q:\n%s", want, text)
			}
		}
		if strings.Contains(text, "Chuletón") || strings.Contains(html, "Chuletón") || strings.Contains(text, "Al punto") || !strings.Contains(html, "2 × Rib Steak") {
			t.Fatalf("English e-mail with Spanish names:\n%s\n%s", text, html)
		}

		// The kitchen reads the restaurant's own names.
		b, err := f.svc.Board(ctx, f.cliente, "")
		if err != nil || len(b.Pedidos) != 1 {
			t.Fatalf("board: %+v %v", b, err)
		}
		if got := lineNames(b.Pedidos[0].Lineas); got != spanish || taxNames(b.Pedidos[0].DetalleImpuestos) != "Sales Tax 8.25%" {
			t.Fatalf("the kitchen's board: %s / %+v", got, b.Pedidos[0].DetalleImpuestos)
		}
		// A state e-mail later is English too.
		if _, err := f.svc.Move(ctx, f.cliente, p.PedidoID, ordering.EstadoPreparacion, ""); err != nil {
			t.Fatal(err)
		}
		db.QueryRow(ctx, `SELECT body_text FROM outbox WHERE kind = 'pedido' ORDER BY id DESC LIMIT 1`).Scan(&text)
		if !strings.Contains(text, "The kitchen is preparing your order.") || !strings.Contains(text, "2 × Rib Steak") {
			t.Fatalf("state e-mail:\n%s", text)
		}
	})
}

// TestASpanishOrderReadsSpanishNames: the Spanish cart, order and e-mail
// name the tax with the owner's Spanish name, not the POS's English one.
func TestASpanishOrderReadsSpanishNames(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		f.english(t)
		q, err := f.svc.Quote(ctx, f.cliente.Int64(), "es", []ordering.LineRequest{f.steak(t, 1)})
		if err != nil {
			t.Fatal(err)
		}
		if q.Lines[0].Name != chuleton || taxNames(q.TaxLines) != "Impuesto sobre ventas 8.25%" {
			t.Fatalf("Spanish quote: %+v", q)
		}
		p, err := f.place(t, ordering.PlaceInput{Idioma: "es", Items: []ordering.LineRequest{f.steak(t, 1)}})
		if err != nil {
			t.Fatal(err)
		}
		demo, err := f.svc.DemoCheckout(ctx, f.session(t, p.PedidoID))
		if err != nil || demo.Descripcion != "Pedido para recoger (1 producto)" {
			t.Fatalf("demo checkout: %+v %v", demo, err)
		}
		f.pay(t, p.PedidoID)
		sg, _ := f.svc.Follow(ctx, p.PedidoID, p.Token, nil)
		if lineNames(sg.Lineas) != "1 × Chuletón de Res [Punto de cocción: Al punto, Guarnición: Patatas fritas]" ||
			taxNames(sg.DetalleImpuestos) != "Impuesto sobre ventas 8.25%" {
			t.Fatalf("Spanish order: %s %+v", lineNames(sg.Lineas), sg.DetalleImpuestos)
		}
		var text string
		db.QueryRow(ctx, `SELECT body_text FROM outbox WHERE kind = 'pedido' ORDER BY id DESC LIMIT 1`).Scan(&text)
		if !strings.Contains(text, "Impuesto sobre ventas 8.25%: $") || strings.Contains(text, "Sales Tax") {
			t.Fatalf("Spanish e-mail:\n%s", text)
		}
		// The kitchen keeps the POS's tax name.
		b, _ := f.svc.Board(ctx, f.cliente, "")
		if taxNames(b.Pedidos[0].DetalleImpuestos) != "Sales Tax 8.25%" {
			t.Fatalf("board taxes: %+v", b.Pedidos[0].DetalleImpuestos)
		}
	})
}

// TestCheckoutDescriptionPlural: one unit is "1 producto" / "1 item", more
// are plural, in the order's language.
func TestCheckoutDescriptionPlural(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		for _, c := range []struct {
			lang string
			qty  int
			want string
		}{
			{"es", 1, "Pedido para recoger (1 producto)"},
			{"es", 3, "Pedido para recoger (3 productos)"},
			{"en", 1, "Pickup order (1 item)"},
			{"en", 2, "Pickup order (2 items)"},
		} {
			p, err := f.place(t, ordering.PlaceInput{Idioma: c.lang, Items: []ordering.LineRequest{f.steak(t, c.qty)}})
			if err != nil {
				t.Fatal(err)
			}
			d, err := f.svc.DemoCheckout(ctx, f.session(t, p.PedidoID))
			if err != nil || d.Descripcion != c.want {
				t.Fatalf("%s × %d: %q %v, want %q", c.lang, c.qty, d.Descripcion, err, c.want)
			}
		}
	})
}

// recordingCheckout is the demo checkout that keeps the requests it got.
type recordingCheckout struct {
	checkoutdemo.Provider
	mu   sync.Mutex
	reqs []checkout.Request
}

func (r *recordingCheckout) Create(ctx context.Context, req checkout.Request) (checkout.Session, error) {
	r.mu.Lock()
	r.reqs = append(r.reqs, req)
	r.mu.Unlock()
	return r.Provider.Create(ctx, req)
}

// TestHostedCheckoutInTheOrdersLanguage: the hosted checkout's lines (the
// page the diner pays on) are named in the order's language.
func TestHostedCheckoutInTheOrdersLanguage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db, 0)
		f.english(t)
		rec := &recordingCheckout{Provider: checkoutdemo.Provider{BaseURL: "https://carta.test", Now: db.Now}}
		f.svc.Checkout = func(clientes.POSConnection) (checkout.Provider, error) { return rec, nil }
		for _, lang := range []string{"en", "es"} {
			if _, err := f.place(t, ordering.PlaceInput{Idioma: lang}); err != nil {
				t.Fatal(err)
			}
		}
		var got []string
		for _, r := range rec.reqs {
			for _, l := range r.LineItems {
				got = append(got, l.Name+" ("+l.Note+")")
			}
		}
		want := "Rib Steak (Medium, French fries)|Taxes ()|Chuletón de Res (Al punto, Patatas fritas)|Impuestos ()"
		if strings.Join(got, "|") != want {
			t.Fatalf("checkout lines %q, want %q", strings.Join(got, "|"), want)
		}
	})
}

// A guest becomes the restaurant's customer when their payment is
// confirmed, in that transaction — not when the order is placed, nor when
// the payment is declined — with the "quiero recibir novedades" box as they
// left it; a signed-in diner's order makes no guest (and the box is the
// account's business).
func TestPaidGuestOrdersMakeCustomers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		roster := func() []accounts.Comensal {
			t.Helper()
			p, err := accounts.Roster(ctx, db, f.cliente, accounts.RosterFilter{Limit: 50})
			if err != nil {
				t.Fatal(err)
			}
			return p.Usuarios
		}
		placedAt := f.now.Unix()
		gala, err := f.place(t, ordering.PlaceInput{Customer: ordering.Customer{Nombre: "Gala Ruiz", Email: "Gala@Example.com", Telefono: "600 111 222", Novedades: true}})
		if err != nil {
			t.Fatal(err)
		}
		hugo, err := f.place(t, ordering.PlaceInput{Customer: ordering.Customer{Nombre: "Hugo", Email: "hugo@example.com"}})
		if err != nil {
			t.Fatal(err)
		}
		declined, err := f.place(t, ordering.PlaceInput{Customer: ordering.Customer{Nombre: "Iris", Email: "iris@example.com", Novedades: true}})
		if err != nil {
			t.Fatal(err)
		}
		if r := roster(); len(r) != 0 {
			t.Fatalf("unpaid orders made customers: %+v", r)
		}
		*f.now = f.now.Add(5 * time.Minute)
		f.pay(t, gala.PedidoID)
		f.pay(t, gala.PedidoID) // confirmed twice: one order, one guest
		f.pay(t, hugo.PedidoID)
		if err := f.svc.Confirm(ctx, checkout.Outcome{Session: f.session(t, declined.PedidoID), Approved: false}); err != nil {
			t.Fatal(err)
		}

		r := roster()
		if len(r) != 2 {
			t.Fatalf("customers: %+v", r)
		}
		byName := map[string]accounts.Comensal{r[0].Nombre: r[0], r[1].Nombre: r[1]}
		g, h := byName["Gala Ruiz"], byName["Hugo"]
		if !g.Invitado || g.Email != "gala@example.com" || g.Telefono != "" || g.Pedidos != 1 || g.Gastado != gala.Total || g.UltimaVisita != f.now.Unix() {
			t.Errorf("gala: %+v", g)
		}
		if !h.Invitado || h.Email != "" || h.Pedidos != 1 || h.Gastado != hugo.Total {
			t.Errorf("hugo (no tick): %+v", h)
		}
		rec, err := accounts.GuestByEmail(ctx, db, f.cliente, "gala@example.com")
		if err != nil || !rec.SuscritoMailing || rec.SuscritoAt != placedAt || rec.SuscritoOrigen != "pedido" || rec.SuscritoPedidoID != gala.PedidoID {
			t.Errorf("gala's consent: %+v %v", rec, err)
		}
		if n := f.count(t, `SELECT COUNT(*) FROM pedidos WHERE id = ? AND invitado_id = ?`, gala.PedidoID, rec.ID); n != 1 {
			t.Errorf("the order does not name its guest")
		}
		if _, err := accounts.GuestByEmail(ctx, db, f.cliente, "iris@example.com"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a declined payment made a customer: %v", err)
		}

		// A signed-in diner's order: no guest, the box ignored.
		uid, err := accounts.Create(ctx, db, accounts.Usuario{Nombre: "Luis", Email: "luis@example.com", PasswordHash: "x"})
		if err != nil {
			t.Fatal(err)
		}
		d := tenant.DinerFromRecord(uid)
		p, err := f.place(t, ordering.PlaceInput{Diner: &d, Customer: ordering.Customer{Nombre: "Luis", Email: "luis@example.com", Novedades: true}})
		if err != nil {
			t.Fatal(err)
		}
		f.pay(t, p.PedidoID)
		if n := f.count(t, `SELECT COUNT(*) FROM invitados`); n != 2 {
			t.Errorf("%d guests after a diner's order", n)
		}
		if n := f.count(t, `SELECT COUNT(*) FROM pedidos WHERE id = ? AND novedades = 0 AND invitado_id IS NULL`, p.PedidoID); n != 1 {
			t.Errorf("the diner's order kept the box")
		}
	})
}

// An order's checkout session is recorded with its kind, the order and the
// restaurant; the checkout domain confirms it through that record, and an
// order whose session was created before sessions were recorded (no row)
// is confirmed all the same, found by its own column.
func TestOrderSessionsRecordedWithTheirKind(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		c := &checkout.Confirmer{DB: db, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		c.Register(f.svc)
		var ids []int64
		for range 2 {
			p, err := f.place(t, ordering.PlaceInput{})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, p.PedidoID)
			s, err := c.Lookup(ctx, f.session(t, p.PedidoID))
			if err != nil || s.Kind != "pedido" || s.Ref != p.PedidoID || s.Restaurant != f.cliente.Int64() {
				t.Fatalf("recorded session %+v, %v", s, err)
			}
		}
		if _, err := db.Exec(ctx, `DELETE FROM sesiones_checkout WHERE session_id = ?`, f.session(t, ids[1])); err != nil {
			t.Fatal(err)
		}
		for i, id := range ids {
			if v, err := c.DemoSession(ctx, f.session(t, id)); err != nil || v.(ordering.DemoCheckout).PedidoID != id {
				t.Fatalf("demo page of order %d: %+v, %v", i, v, err)
			}
			o := checkout.Outcome{Session: f.session(t, id), Approved: true, PaymentID: fmt.Sprint("PAY-", id), Provider: "clover", Event: fmt.Sprint("EV-", id)}
			if err := c.Confirm(ctx, o); err != nil {
				t.Fatalf("order %d: %v", i, err)
			}
			if e := f.estado(t, id); e != ordering.EstadoRecibido {
				t.Fatalf("order %d (recorded: %v) is %s", i, i == 0, e)
			}
		}
		if n := f.count(t, `SELECT COUNT(*) FROM outbox WHERE kind = 'pedido'`); n != 2 {
			t.Fatalf("%d confirmation e-mails, want 2", n)
		}
	})
}
