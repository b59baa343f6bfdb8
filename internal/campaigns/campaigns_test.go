package campaigns_test

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"carta/internal/accounts"
	"carta/internal/apperr"
	"carta/internal/campaigns"
	"carta/internal/clientes"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

var now = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

const day = 24 * 3600

// world is a restaurant (A) with diners and guests of every kind of
// consent, and another restaurant (B).
type world struct {
	t     *testing.T
	db    *store.DB
	a, b  tenant.ID
	ids   map[string]int64 // person → "u<id>" or "g<id>" key's id
	keys  map[string]string
	cupon int64
}

func (w *world) exec(q string, args ...any) {
	w.t.Helper()
	if _, err := w.db.Exec(context.Background(), q, args...); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) diner(name, tel string, mailing, wa bool, visits map[tenant.ID]int64) int64 {
	w.t.Helper()
	id, err := accounts.Create(context.Background(), w.db, accounts.Usuario{Nombre: name, Email: strings.ToLower(name) + "@example.com",
		Telefono: tel, PasswordHash: "x", SuscritoMailing: mailing, WhatsappNotificaciones: wa})
	if err != nil {
		w.t.Fatal(err)
	}
	for c, ago := range visits {
		w.exec(`INSERT INTO usuario_restaurantes (usuario_id, cliente_id, last_seen_at) VALUES (?, ?, ?)`, id, c.Int64(), now.Unix()-ago)
	}
	w.keys[name] = "u" + itoa(id)
	w.ids[name] = id
	return id
}

func (w *world) guest(name string, mailing bool, ago int64) {
	w.t.Helper()
	id, err := store.InsertID(context.Background(), w.db, `INSERT INTO invitados (cliente_id, email, nombre, suscrito_mailing, last_seen_at, created_at)
		VALUES (?, ?, ?, ?, ?, 0)`, w.a.Int64(), strings.ToLower(name)+"@example.com", name, store.BoolInt(mailing), now.Unix()-ago)
	if err != nil {
		w.t.Fatal(err)
	}
	w.keys[name] = "g" + itoa(id)
	w.ids[name] = id
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func fmtInt(n int64) string { return strconv.FormatInt(n, 10) }

func newWorld(t *testing.T, db *store.DB) *world {
	t.Helper()
	db.Now = func() time.Time { return now }
	ctx := context.Background()
	a, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Casa Ana", Email: "casa@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Bar Beto", Email: "bar@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, db: db, a: tenant.Job(a), b: tenant.Job(b), ids: map[string]int64{}, keys: map[string]string{}}
	ana := w.diner("Ana", "+34600111222", true, true, map[tenant.ID]int64{w.a: 10 * day})
	w.diner("Beto", "+34600111333", false, false, map[tenant.ID]int64{w.a: 1 * day})
	cata := w.diner("Cata", "+34600111444", true, false, map[tenant.ID]int64{w.a: 1 * day, w.b: 1 * day})
	// Cata unsubscribed from A's e-mail: she still hears from B.
	w.exec(`INSERT INTO consentimientos (usuario_id, cliente_id, canal, valor, origen, created_at) VALUES (?, ?, 'email', 0, 'baja', 5)`, cata, a)
	w.diner("Dora", "+34600111555", true, true, map[tenant.ID]int64{w.b: 1 * day})
	eva := w.diner("Eva", "", true, false, map[tenant.ID]int64{w.a: 100 * day})
	w.diner("Fede", "+34600111666", false, true, map[tenant.ID]int64{w.a: 2 * day})
	w.diner("Gus", "600 111 777", false, true, map[tenant.ID]int64{w.a: 2 * day}) // WhatsApp yes, but no E.164 phone
	w.guest("Gina", true, 40*day)
	w.guest("Hugo", false, 1*day)
	w.exec(`INSERT INTO puntos (usuario_id, cliente_id, puntos, motivo, created_at) VALUES (?, ?, 50, 'x', 0)`, ana, a)
	w.exec(`INSERT INTO puntos (usuario_id, cliente_id, puntos, motivo, created_at) VALUES (?, ?, 500, 'x', 0)`, eva, b)
	w.cupon, err = store.InsertID(ctx, db, `INSERT INTO cupones (cliente_id, codigo, titulo, descuento, precio, fecha_expiracion, cantidad_disponible, created_at)
		VALUES (?, 'C1', 'Menú', 10, 1000, 0, 5, 0)`, a)
	if err != nil {
		t.Fatal(err)
	}
	w.exec(`INSERT INTO compras (usuario_id, cliente_id, cupon_id, descripcion, estado, subtotal, total, created_at) VALUES (?, ?, ?, 'x', 'pagado', 1, 1, 0)`, eva, a, w.cupon)
	w.exec(`INSERT INTO compras (usuario_id, cliente_id, cupon_id, descripcion, estado, subtotal, total, created_at) VALUES (?, ?, ?, 'x', 'pendiente', 1, 1, 0)`, ana, a, w.cupon)
	return w
}

// consenting is who consented to each channel at restaurant A: nobody else
// may ever get a campaign of A.
var consenting = map[string][]string{
	campaigns.ChannelEmail:    {"Ana", "Eva", "Gina"},
	campaigns.ChannelWhatsApp: {"Ana", "Fede", "Gus"},
}

func emailForm(a campaigns.Audience) campaigns.Form {
	return campaigns.Form{Nombre: "Vuelve", Canal: campaigns.ChannelEmail, Asunto: "Hola {nombre}", Cuerpo: "Te esperamos en {restaurante}.", Audience: a}
}

func waForm(a campaigns.Audience) campaigns.Form {
	return campaigns.Form{Nombre: "Vuelve", Canal: campaigns.ChannelWhatsApp, Plantilla: "vuelve_pronto", Variables: []string{"{nombre}", "{restaurante}"}, Audience: a}
}

// sendAll schedules c now and runs passes until it is sent.
func sendAll(t *testing.T, svc *campaigns.Service, tn tenant.ID, id int64) {
	t.Helper()
	ctx := context.Background()
	if _, err := svc.Schedule(ctx, tn, id, 0); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		if _, err := svc.Pass(ctx); err != nil {
			t.Fatal(err)
		}
		c, err := svc.Get(ctx, tn, id)
		if err != nil {
			t.Fatal(err)
		}
		if c.Estado == campaigns.Sent {
			return
		}
	}
	t.Fatal("campaign never finished")
}

type outboxRow struct {
	to, key, unsubscribe, text, html, template, params string
	usuario, invitado                                  int64
}

func outboxOf(t *testing.T, db *store.DB, id int64) []outboxRow {
	t.Helper()
	rows, err := db.Query(context.Background(), `SELECT to_addr, dedupe_key, unsubscribe_url, body_text, body_html, template, params,
		COALESCE(usuario_id, 0), COALESCE(invitado_id, 0) FROM outbox WHERE dedupe_key LIKE ? ORDER BY id`, "campana:"+fmtInt(id)+":%")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []outboxRow
	for rows.Next() {
		var r outboxRow
		if err := rows.Scan(&r.to, &r.key, &r.unsubscribe, &r.text, &r.html, &r.template, &r.params, &r.usuario, &r.invitado); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// who names the people of rows.
func (w *world) who(rows []outboxRow) []string {
	var names []string
	for _, r := range rows {
		for name, key := range w.keys {
			if (key[0] == 'u' && r.usuario == w.ids[name]) || (key[0] == 'g' && r.invitado == w.ids[name]) {
				names = append(names, name)
			}
		}
	}
	slices.Sort(names)
	return names
}

// TestConsentGating enumerates every way a campaign reaches people — each
// channel with each audience, sent by the job; the live count; the
// preview's real diner — and proves none reaches a person who did not
// consent to that channel for that restaurant.
func TestConsentGating(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newWorld(t, db)
		svc := &campaigns.Service{DB: db, BaseURL: "https://carta.test"}
		cases := []struct {
			form campaigns.Form
			want []string
		}{
			{emailForm(campaigns.Audience{Audiencia: "todos"}), []string{"Ana", "Eva", "Gina"}},
			{emailForm(campaigns.Audience{Audiencia: "inactivos", Dias: 30}), []string{"Eva", "Gina"}},
			{emailForm(campaigns.Audience{Audiencia: "inactivos", Dias: 60}), []string{"Eva"}},
			{emailForm(campaigns.Audience{Audiencia: "inactivos", Dias: 90}), []string{"Eva"}},
			{emailForm(campaigns.Audience{Audiencia: "puntos", PuntosMin: 10}), []string{"Ana"}},
			{emailForm(campaigns.Audience{Audiencia: "puntos", PuntosMin: 50}), nil},
			{emailForm(campaigns.Audience{Audiencia: "oferta", CuponID: w.cupon}), []string{"Eva"}},
			{waForm(campaigns.Audience{Audiencia: "todos"}), []string{"Ana", "Fede"}}, // Gus's phone is not E.164: recorded, not sent
			{waForm(campaigns.Audience{Audiencia: "inactivos", Dias: 30}), nil},
			{waForm(campaigns.Audience{Audiencia: "puntos", PuntosMin: 0}), []string{"Ana"}},
			{waForm(campaigns.Audience{Audiencia: "oferta", CuponID: w.cupon}), nil},
		}
		for _, tc := range cases {
			name := tc.form.Canal + "/" + tc.form.Audiencia
			c, err := svc.Create(ctx, w.a, tc.form)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			n, err := svc.Count(ctx, w.a, tc.form.Canal, tc.form.Audience)
			if err != nil {
				t.Fatal(err)
			}
			p, err := svc.Preview(ctx, w.a, tc.form)
			if err != nil {
				t.Fatal(err)
			}
			if !p.Ejemplo && !slices.Contains(consenting[tc.form.Canal], p.Destinatario) {
				t.Errorf("%s: preview uses %q, who did not consent", name, p.Destinatario)
			}
			sendAll(t, svc, w.a, c.ID)
			got := w.who(outboxOf(t, db, c.ID))
			for _, g := range got {
				if !slices.Contains(consenting[tc.form.Canal], g) {
					t.Errorf("%s: %s got a campaign without consent", name, g)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s: sent to %v, want %v", name, got, tc.want)
			}
			if tc.form.Canal == campaigns.ChannelEmail && n != len(tc.want) {
				t.Errorf("%s: count %d, want %d", name, n, len(tc.want))
			}
		}
		// Restaurant B's campaign reaches B's consenting diners only (Cata
		// unsubscribed from A, not from B).
		c, err := svc.Create(ctx, w.b, emailForm(campaigns.Audience{Audiencia: "todos"}))
		if err != nil {
			t.Fatal(err)
		}
		sendAll(t, svc, w.b, c.ID)
		if got := w.who(outboxOf(t, db, c.ID)); !slices.Equal(got, []string{"Cata", "Dora"}) {
			t.Errorf("restaurant B sent to %v", got)
		}
		// Another restaurant's offer is refused; another restaurant's campaign is not found.
		if _, err := svc.Create(ctx, w.b, emailForm(campaigns.Audience{Audiencia: "oferta", CuponID: w.cupon})); apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("B's campaign on A's offer: %v", err)
		}
		if _, err := svc.Get(ctx, w.b, 1); !errors.Is(err, campaigns.ErrNotFound) {
			t.Errorf("B reads A's campaign: %v", err)
		}
	})
}

func TestEmailCarriesUnsubscribe(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		svc := &campaigns.Service{DB: db, BaseURL: "https://carta.test"}
		c, err := svc.Create(context.Background(), w.a, emailForm(campaigns.Audience{Audiencia: "todos"}))
		if err != nil {
			t.Fatal(err)
		}
		sendAll(t, svc, w.a, c.ID)
		rows := outboxOf(t, db, c.ID)
		if len(rows) != 3 {
			t.Fatalf("%d messages", len(rows))
		}
		for _, r := range rows {
			if !strings.HasPrefix(r.unsubscribe, "https://carta.test/api/baja?t=") {
				t.Errorf("%s: one-click link %q", r.to, r.unsubscribe)
			}
			page := strings.Replace(r.unsubscribe, "/api/baja", "/baja", 1)
			if !strings.Contains(r.text, page) || !strings.Contains(r.html, `href="`+page+`"`) {
				t.Errorf("%s: no visible unsubscribe link:\n%s\n%s", r.to, r.text, r.html)
			}
			if !strings.Contains(r.text, "Te esperamos en Casa Ana.") {
				t.Errorf("%s: body %q", r.to, r.text)
			}
		}
	})
}

// TestResumeAndOnce stops a campaign mid-send (a new service: a restart)
// and runs two runners at once: every recipient gets it exactly once.
func TestResumeAndOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newWorld(t, db)
		first := &campaigns.Service{DB: db, BaseURL: "https://carta.test", Batch: 2}
		c, err := first.Create(ctx, w.a, emailForm(campaigns.Audience{Audiencia: "todos"}))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := first.Schedule(ctx, w.a, c.ID, 0); err != nil {
			t.Fatal(err)
		}
		if n, err := first.Pass(ctx); err != nil || n != 2 {
			t.Fatalf("first batch: %d %v", n, err)
		}
		if got, _ := first.Get(ctx, w.a, c.ID); got.Estado != campaigns.Sending || got.Cuentas.EnCola != 2 {
			t.Fatalf("after one batch: %+v", got)
		}
		// The server stops here; a new one starts.
		second := &campaigns.Service{DB: db, BaseURL: "https://carta.test", Batch: 2}
		if n, err := second.Pass(ctx); err != nil || n != 1 {
			t.Fatalf("resumed: %d %v", n, err)
		}
		if n, err := second.Pass(ctx); err != nil || n != 0 {
			t.Fatalf("after the end: %d %v", n, err)
		}
		done, _ := second.Get(ctx, w.a, c.ID)
		if done.Estado != campaigns.Sent || done.Cuentas.EnCola != 3 || done.Cuentas.Pendientes != 3 {
			t.Fatalf("finished: %+v", done)
		}
		if got := w.who(outboxOf(t, db, c.ID)); !slices.Equal(got, []string{"Ana", "Eva", "Gina"}) {
			t.Fatalf("sent to %v", got)
		}

		// Two runners at once, one recipient per batch.
		c2, err := first.Create(ctx, w.a, emailForm(campaigns.Audience{Audiencia: "todos"}))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := first.Schedule(ctx, w.a, c2.ID, 0); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make(chan error, 2)
		for i := 0; i < 2; i++ {
			svc := &campaigns.Service{DB: db, BaseURL: "https://carta.test", Batch: 1}
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := 0; j < 10; j++ {
					if _, err := svc.Pass(ctx); err != nil {
						errs <- err
						return
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		rows := outboxOf(t, db, c2.ID)
		if got := w.who(rows); !slices.Equal(got, []string{"Ana", "Eva", "Gina"}) {
			t.Fatalf("two runners sent to %v", got)
		}
		if got, _ := first.Get(ctx, w.a, c2.ID); got.Estado != campaigns.Sent || got.Cuentas.EnCola != 3 {
			t.Fatalf("two runners: %+v", got)
		}
	})
}

func tokenOf(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("t")
}

func TestUnsubscribe(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newWorld(t, db)
		svc := &campaigns.Service{DB: db, BaseURL: "https://carta.test"}
		c, err := svc.Create(ctx, w.a, emailForm(campaigns.Audience{Audiencia: "todos"}))
		if err != nil {
			t.Fatal(err)
		}
		sendAll(t, svc, w.a, c.ID)
		tokens := map[string]string{}
		for _, r := range outboxOf(t, db, c.ID) {
			tokens[w.who([]outboxRow{r})[0]] = tokenOf(t, r.unsubscribe)
		}
		consents := func() int {
			var n int
			if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM consentimientos WHERE origen = 'baja'`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		before := consents()

		// A forged or altered token changes nothing.
		tok := tokens["Ana"]
		for _, bad := range []string{"", "x", tok[:len(tok)-2], strings.Replace(tok, "u"+fmtInt(w.ids["Ana"]), "u"+fmtInt(w.ids["Beto"]), 1),
			strings.Replace(tok, ".email.", ".whatsapp.", 1)} {
			if _, err := svc.Unsubscribe(ctx, bad); !errors.Is(err, campaigns.ErrToken) {
				t.Errorf("token %q: %v", bad, err)
			}
			if _, err := svc.Lookup(ctx, bad); !errors.Is(err, campaigns.ErrToken) {
				t.Errorf("lookup %q: %v", bad, err)
			}
		}
		if consents() != before {
			t.Fatal("a bad token changed consent")
		}

		info, err := svc.Lookup(ctx, tok)
		if err != nil || info.Restaurante != "Casa Ana" || info.Canal != "email" || info.DeBaja {
			t.Fatalf("lookup: %+v %v", info, err)
		}
		for i := 0; i < 2; i++ { // idempotent
			if u, err := svc.Unsubscribe(ctx, tok); err != nil || !u.DeBaja {
				t.Fatalf("unsubscribe %d: %+v %v", i, u, err)
			}
		}
		if _, err := svc.Unsubscribe(ctx, tokens["Gina"]); err != nil {
			t.Fatal(err)
		}
		if consents() != before+2 {
			t.Fatalf("baja rows: %d, want %d", consents(), before+2)
		}
		var gina int
		if err := db.QueryRow(ctx, `SELECT suscrito_mailing FROM invitados WHERE id = ?`, w.ids["Gina"]).Scan(&gina); err != nil || gina != 0 {
			t.Fatalf("guest's box: %d %v", gina, err)
		}
		if got, _ := svc.Get(ctx, w.a, c.ID); got.Cuentas.Bajas != 2 {
			t.Fatalf("campaign counts %+v", got.Cuentas)
		}
		if info, _ := svc.Lookup(ctx, tok); !info.DeBaja {
			t.Fatal("lookup after: not unsubscribed")
		}
		// The next campaign does not reach them; Ana's WhatsApp consent stands.
		c2, _ := svc.Create(ctx, w.a, emailForm(campaigns.Audience{Audiencia: "todos"}))
		sendAll(t, svc, w.a, c2.ID)
		if got := w.who(outboxOf(t, db, c2.ID)); !slices.Equal(got, []string{"Eva"}) {
			t.Fatalf("after unsubscribing: %v", got)
		}
		if n, _ := svc.Count(ctx, w.a, campaigns.ChannelWhatsApp, campaigns.Audience{Audiencia: "todos"}); n != 3 {
			t.Fatalf("WhatsApp audience %d", n)
		}
	})
}

func TestStatesAndValidation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newWorld(t, db)
		svc := &campaigns.Service{DB: db, BaseURL: "https://carta.test"}
		for _, f := range []campaigns.Form{
			{Canal: "email", Asunto: "a", Cuerpo: "b", Audience: campaigns.Audience{Audiencia: "todos"}},                     // no name
			{Nombre: "x", Canal: "sms", Asunto: "a", Cuerpo: "b", Audience: campaigns.Audience{Audiencia: "todos"}},          // channel
			{Nombre: "x", Canal: "email", Cuerpo: "b", Audience: campaigns.Audience{Audiencia: "todos"}},                     // subject
			{Nombre: "x", Canal: "email", Asunto: "a", Cuerpo: "{precio}", Audience: campaigns.Audience{Audiencia: "todos"}}, // placeholder
			{Nombre: "x", Canal: "email", Asunto: "a", Cuerpo: "b", Audience: campaigns.Audience{Audiencia: "inactivos", Dias: 45}},
			{Nombre: "x", Canal: "email", Asunto: "a", Cuerpo: strings.Repeat("b", 5001), Audience: campaigns.Audience{Audiencia: "todos"}},
			{Nombre: "x", Canal: "whatsapp", Plantilla: "Bad Name", Audience: campaigns.Audience{Audiencia: "todos"}},
			{Nombre: "x", Canal: "email", Asunto: "a", Cuerpo: "b", Audience: campaigns.Audience{Audiencia: "otros"}},
		} {
			if _, err := svc.Create(ctx, w.a, f); apperr.KindOf(err) != apperr.Invalid {
				t.Errorf("%+v: %v", f, err)
			}
		}
		c, err := svc.Create(ctx, w.a, emailForm(campaigns.Audience{Audiencia: "todos"}))
		if err != nil {
			t.Fatal(err)
		}
		later := now.Unix() + 3600
		s, err := svc.Schedule(ctx, w.a, c.ID, later)
		if err != nil || s.Estado != campaigns.Scheduled || s.ProgramadaAt != later {
			t.Fatalf("schedule: %+v %v", s, err)
		}
		if _, err := svc.Update(ctx, w.a, c.ID, emailForm(campaigns.Audience{Audiencia: "todos"})); !errors.Is(err, campaigns.ErrState) {
			t.Fatalf("edit a scheduled campaign: %v", err)
		}
		if n, _ := svc.Pass(ctx); n != 0 {
			t.Fatal("a campaign not yet due was sent")
		}
		if got, _ := svc.Cancel(ctx, w.a, c.ID); got.Estado != campaigns.Cancelled {
			t.Fatalf("cancel: %+v", got)
		}
		db.Now = func() time.Time { return now.Add(2 * time.Hour) }
		if n, _ := svc.Pass(ctx); n != 0 {
			t.Fatal("a cancelled campaign was sent")
		}
		if _, err := svc.Cancel(ctx, w.a, c.ID); !errors.Is(err, campaigns.ErrState) {
			t.Fatalf("cancel twice: %v", err)
		}
		if _, err := svc.Cancel(ctx, w.b, c.ID); !errors.Is(err, campaigns.ErrNotFound) {
			t.Fatalf("another restaurant cancels: %v", err)
		}
	})
}
