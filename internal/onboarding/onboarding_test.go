package onboarding_test

import (
	"context"
	"errors"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/clientes"
	"carta/internal/mail"
	"carta/internal/onboarding"
	"carta/internal/secrets"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// clock is the test's time, moved by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newService(t *testing.T, db *store.DB, pos onboarding.Connector) (*onboarding.Service, *clock) {
	c := &clock{t: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)}
	db.Now = c.now
	return &onboarding.Service{DB: db, Auth: &auth.Service{DB: db, TTL: time.Hour}, POS: pos, BaseURL: "https://carta.example"}, c
}

var linkRE = regexp.MustCompile(`https://carta\.example/establecer-password\?[^\s"<]+`)

// lastLink reads the link of the newest onboarding e-mail to addr.
func lastLink(t *testing.T, db *store.DB, addr string) url.Values {
	t.Helper()
	msgs, err := mail.ListOutbox(context.Background(), db, 50)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		if m.Kind == "onboarding" && m.To == addr {
			u, err := url.Parse(linkRE.FindString(m.Text))
			if err != nil {
				t.Fatal(err)
			}
			return u.Query()
		}
	}
	t.Fatalf("no onboarding e-mail to %s", addr)
	return nil
}

func isErr(err, want error) bool {
	var a, b *apperr.Error
	return errors.As(err, &a) && errors.As(want, &b) && a.ES == b.ES
}

func TestOnboardingLinkSetsThePasswordOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, clk := newService(t, db, onboarding.DemoConnector{})
		c, err := s.Create(ctx, onboarding.NewCliente{Nombre: "El Fogón", MerchantID: "MFOGON1", Idioma: "en"})
		if err != nil {
			t.Fatal(err)
		}
		if c.Estado != clientes.EstadoPendiente || c.FechaProximoPago == nil || *c.FechaProximoPago != "2026-12-23" {
			t.Fatalf("new restaurant: %+v", c)
		}
		other, err := s.Create(ctx, onboarding.NewCliente{Nombre: "Otro", MerchantID: "MOTRO1"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MFOGON1", Code: "demo-ok"}); err != nil {
			t.Fatal(err)
		}

		for _, bad := range []onboarding.LinkRequest{{MerchantID: "", Email: "a@b.co"}, {MerchantID: "MFOGON1", Email: ""}} {
			if _, err := s.SendLink(ctx, bad); !isErr(err, onboarding.ErrLinkFields) {
				t.Fatalf("%+v: %v", bad, err)
			}
		}
		if _, err := s.SendLink(ctx, onboarding.LinkRequest{MerchantID: "NOEXISTE", Email: "a@b.co"}); !isErr(err, onboarding.ErrNoMerchant) {
			t.Fatalf("unknown merchant: %v", err)
		}

		if _, err := s.SendLink(ctx, onboarding.LinkRequest{MerchantID: "MFOGON1", Email: "Duena@Fogon.example"}); err != nil {
			t.Fatal(err)
		}
		first := lastLink(t, db, "duena@fogon.example")
		if first.Get("merchant_id") != "MFOGON1" || first.Get("email") != "duena@fogon.example" || len(first.Get("token")) < 40 {
			t.Fatalf("link %v", first)
		}
		msgs, _ := mail.ListOutbox(ctx, db, 1)
		if !strings.HasPrefix(msgs[0].Subject, "Activate El Fogón") {
			t.Fatalf("the e-mail follows the restaurant's language: %q", msgs[0].Subject)
		}
		// The token is stored only as its hash.
		var n int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM links WHERE token_hash = ?`, first.Get("token")).Scan(&n); err != nil || n != 0 {
			t.Fatalf("token stored in clear: %d %v", n, err)
		}

		// A second send while the first link is unused is refused unless
		// it says to replace it (the super admin was asked), and changes
		// nothing: no link, no e-mail, the first still works.
		outbox := func() int {
			var n int
			if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM outbox`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		before := outbox()
		if _, err := s.SendLink(ctx, onboarding.LinkRequest{MerchantID: "MFOGON1", Email: "duena@fogon.example"}); !isErr(err, onboarding.ErrLinkPending) {
			t.Fatalf("second send without reemplazar: %v", err)
		}
		if outbox() != before || lastLink(t, db, "duena@fogon.example").Get("token") != first.Get("token") {
			t.Fatal("a refused second send changed something")
		}
		page, err := s.List(ctx, clientes.Filter{Query: "Fogón", Limit: 10})
		if err != nil || len(page.Clientes) != 1 || page.Clientes[0].EnlaceCaduca != clk.now().Add(onboarding.LinkTTL).Unix() {
			t.Fatalf("the list's unspent link: %+v %v", page, err)
		}
		// A second link (replacing, as asked) makes the first stop working.
		sent, err := s.SendLink(ctx, onboarding.LinkRequest{MerchantID: "MFOGON1", Email: "duena@fogon.example", Reemplazar: true})
		if err != nil {
			t.Fatal(err)
		}
		second := lastLink(t, db, "duena@fogon.example")
		if u, err := url.Parse(sent.URL); err != nil || !strings.HasPrefix(sent.URL, "https://carta.example/establecer-password?") ||
			u.Query().Encode() != second.Encode() {
			t.Fatalf("the answer's link %q is not the e-mailed one %v", sent.URL, second)
		}
		if sent.ExpiresAt != clk.now().Add(onboarding.LinkTTL).Unix() {
			t.Fatalf("the answer's expiry %d", sent.ExpiresAt)
		}
		set := func(v url.Values, merchant, email string) (auth.LoginResult, error) {
			return s.SetPassword(ctx, onboarding.NewPassword{MerchantID: merchant, Email: email, NewPassword: "clave-segura-1", Token: v.Get("token")})
		}
		if _, err := set(first, "MFOGON1", "duena@fogon.example"); !isErr(err, onboarding.ErrLinkInvalid) {
			t.Fatalf("superseded link: %v", err)
		}
		// Knowing the merchant id and the e-mail is not enough.
		if _, err := s.SetPassword(ctx, onboarding.NewPassword{MerchantID: "MFOGON1", Email: "duena@fogon.example", NewPassword: "clave-segura-1"}); !isErr(err, onboarding.ErrLinkParams) {
			t.Fatalf("no token: %v", err)
		}
		if _, err := s.SetPassword(ctx, onboarding.NewPassword{MerchantID: "MFOGON1", Email: "duena@fogon.example", NewPassword: "clave-segura-1", Token: strings.Repeat("A", 43)}); !isErr(err, onboarding.ErrLinkInvalid) {
			t.Fatalf("forged token: %v", err)
		}
		// Another restaurant's merchant id, another e-mail: refused.
		if _, err := set(second, "MOTRO1", "duena@fogon.example"); !isErr(err, onboarding.ErrLinkInvalid) {
			t.Fatalf("other restaurant: %v", err)
		}
		if _, err := set(second, "MFOGON1", "intrusa@example.com"); !isErr(err, onboarding.ErrLinkInvalid) {
			t.Fatalf("other e-mail: %v", err)
		}
		if _, err := auth.StaffUserByEmail(ctx, db, "duena@fogon.example"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a refused link created an account: %v", err)
		}
		if _, err := s.SetPassword(ctx, onboarding.NewPassword{MerchantID: "MFOGON1", Email: "duena@fogon.example", NewPassword: "corta", Token: second.Get("token")}); !isErr(err, auth.ErrPasswordShort) {
			t.Fatalf("short password: %v", err)
		}

		res, err := set(second, "MFOGON1", "duena@fogon.example")
		if err != nil {
			t.Fatal(err)
		}
		if res.Token == "" || res.ClienteID == nil || *res.ClienteID != c.ID || res.MerchantID == nil || *res.MerchantID != "MFOGON1" || res.IsSuperadmin {
			t.Fatalf("sign-in: %+v", res)
		}
		p, err := s.Auth.Authenticate(ctx, res.Token)
		if err != nil || p.Role() != tenant.RoleCliente || p.ClienteID() != c.ID {
			t.Fatalf("session: %+v %v", p, err)
		}
		if got, _ := clientes.Get(ctx, db, tenant.Job(c.ID)); got.Estado != clientes.EstadoActivo {
			t.Fatalf("password set and POS connected: estado %q, want activo", got.Estado)
		}
		if _, err := set(second, "MFOGON1", "duena@fogon.example"); !isErr(err, onboarding.ErrLinkInvalid) {
			t.Fatalf("reused link: %v", err)
		}
		if _, err := s.Auth.LoginStaff(ctx, "duena@fogon.example", "clave-segura-1", "192.0.2.1"); err != nil {
			t.Fatalf("sign in with the new password: %v", err)
		}
		// A spent link is nothing to void: the next send needs no question.
		if page, _ := s.List(ctx, clientes.Filter{Query: "Fogón", Limit: 10}); page.Clientes[0].EnlaceCaduca != 0 {
			t.Fatalf("a spent link listed as unspent: %+v", page.Clientes[0])
		}
		if _, err := s.SendLink(ctx, onboarding.LinkRequest{MerchantID: "MFOGON1", Email: "duena@fogon.example"}); err != nil {
			t.Fatalf("send after the link was spent: %v", err)
		}

		// Links expire after 72 hours.
		if _, err := s.SendLink(ctx, onboarding.LinkRequest{MerchantID: "MOTRO1", Email: "otro@example.com"}); err != nil {
			t.Fatal(err)
		}
		late := lastLink(t, db, "otro@example.com")
		clk.add(onboarding.LinkTTL)
		if _, err := set(late, "MOTRO1", "otro@example.com"); !isErr(err, onboarding.ErrLinkInvalid) {
			t.Fatalf("expired link: %v", err)
		}
		if got, _ := clientes.Get(ctx, db, tenant.Job(other.ID)); got.Estado != clientes.EstadoPendiente {
			t.Fatalf("estado %q", got.Estado)
		}
		// Nor is an expired one.
		if _, err := s.SendLink(ctx, onboarding.LinkRequest{MerchantID: "MOTRO1", Email: "otro@example.com"}); err != nil {
			t.Fatalf("send after the link expired: %v", err)
		}
	})
}

func TestSuspendAndReactivate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, _ := newService(t, db, onboarding.DemoConnector{})
		c, err := s.Create(ctx, onboarding.NewCliente{Nombre: "Suspendible", MerchantID: "MSUS1"})
		if err != nil {
			t.Fatal(err)
		}
		susp, act := clientes.EstadoSuspendido, clientes.EstadoActivo
		got, err := s.Update(ctx, tenant.Job(c.ID), onboarding.Edit{Estado: &susp})
		if err != nil || got.Estado != susp {
			t.Fatalf("suspend: %+v %v", got, err)
		}
		// Reactivated without an owner yet: back to pendiente, not activo.
		if got, err = s.Update(ctx, tenant.Job(c.ID), onboarding.Edit{Estado: &act}); err != nil || got.Estado != clientes.EstadoPendiente {
			t.Fatalf("reactivate: %+v %v", got, err)
		}
		bad := "2026-13-45"
		if _, err := s.Update(ctx, tenant.Job(c.ID), onboarding.Edit{FechaProximoPago: &bad}); !isErr(err, onboarding.ErrFecha) {
			t.Fatalf("bad date: %v", err)
		}
		fecha := "2027-02-01"
		if got, err = s.Update(ctx, tenant.Job(c.ID), onboarding.Edit{FechaProximoPago: &fecha}); err != nil || *got.FechaProximoPago != fecha {
			t.Fatalf("next payment: %+v %v", got, err)
		}
		wrong := "borrado"
		if _, err := s.Update(ctx, tenant.Job(c.ID), onboarding.Edit{Estado: &wrong}); !isErr(err, onboarding.ErrEstado) {
			t.Fatalf("bad estado: %v", err)
		}
	})
}

func TestSearchClientes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, _ := newService(t, db, onboarding.DemoConnector{})
		for _, n := range []onboarding.NewCliente{
			{Nombre: "Jalapeño Feliz", Email: "hola@jalapeno.example", MerchantID: "MJAL"},
			{Nombre: "Casa 100%", MerchantID: "MCASA"},
			{Nombre: "Otra Cosa", Email: "otra@example.com"},
		} {
			if _, err := s.Create(ctx, n); err != nil {
				t.Fatal(err)
			}
		}
		for q, want := range map[string]int{"jalapeno": 1, "JALAPEÑO": 1, "mcasa": 1, "100%": 1, "%": 1, "_": 0, "example": 2, "": 3} {
			p, err := clientes.Search(ctx, db, clientes.Filter{Query: q, Limit: 10})
			if err != nil || p.Total != want || len(p.Clientes) != want {
				t.Fatalf("search %q: total %d, %d rows, %v; want %d", q, p.Total, len(p.Clientes), err, want)
			}
		}
		p, err := clientes.Search(ctx, db, clientes.Filter{Limit: 2, Offset: 2})
		if err != nil || p.Total != 3 || len(p.Clientes) != 1 || p.Clientes[0].Nombre != "Jalapeño Feliz" {
			t.Fatalf("second page: %+v %v", p, err)
		}
	})
}

// tokenConnector connects every merchant with fixed tokens.
type tokenConnector struct{ access, refresh string }

func (c tokenConnector) Connect(context.Context, string, string) (onboarding.Connection, error) {
	return onboarding.Connection{Provider: "clover", BaseURL: "https://apisandbox.dev.clover.com",
		Tokens: clientes.Tokens{Access: c.access, Refresh: c.refresh, AccessExpires: 1900000000, RefreshExpires: 1990000000}}, nil
}

func (tokenConnector) AuthorizeURL(redirectURI, _, state string) string {
	return redirectURI + "?" + url.Values{"state": {state}}.Encode()
}

func (tokenConnector) AppMarket() bool { return true }

func TestConnectStoresNoPlaintextToken(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		access, refresh := "acc-3f9a7c1e-PLAINTEXT-ACCESS", "ref-77d2b0aa-PLAINTEXT-REFRESH"
		s, _ := newService(t, db, tokenConnector{access, refresh})
		if _, err := s.Connect(ctx, onboarding.ConnectRequest{Code: "x"}); !isErr(err, onboarding.ErrConnectFields) {
			t.Fatalf("missing merchant id: %v", err)
		}
		res, err := s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MNUEVO1", Code: "code-1", Crear: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Cliente.Nombre != onboarding.DefaultNombre || !res.Cliente.POSConectado || res.Cliente.POSProvider != "clover" {
			t.Fatalf("connected: %+v", res)
		}
		if err := clientes.SetWebhookSecret(ctx, db, tenant.Job(res.Cliente.ID), "whsec-PLAINTEXT-WEBHOOK"); err != nil {
			t.Fatal(err)
		}
		var tok, ref, wh string
		if err := db.QueryRow(ctx, `SELECT pos_token, pos_refresh_token, webhook_secret FROM clientes WHERE id = ?`, res.Cliente.ID).Scan(&tok, &ref, &wh); err != nil {
			t.Fatal(err)
		}
		for _, v := range []string{tok, ref, wh} {
			if !secrets.IsSealed(v) || strings.Contains(v, "PLAINTEXT") {
				t.Fatalf("stored in clear: %q", v)
			}
		}
		// Nothing anywhere in the restaurant's row reads as a token.
		if db.Dialect() == store.Postgres {
			var n int
			if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM clientes c WHERE c::text LIKE '%PLAINTEXT%'`).Scan(&n); err != nil || n != 0 {
				t.Fatalf("plaintext in clientes: %d %v", n, err)
			}
		}
		got, err := clientes.GetTokens(ctx, db, tenant.Job(res.Cliente.ID), false)
		if err != nil || got.Access != access || got.Refresh != refresh {
			t.Fatalf("tokens open again: %+v %v", got, err)
		}
		// Connecting the same merchant again updates it, never duplicates it.
		res2, err := s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MNUEVO1", Code: "code-2", Nombre: "Ignorado"})
		if err != nil || res2.Cliente.ID != res.Cliente.ID {
			t.Fatalf("reconnect: %+v %v", res2, err)
		}
	})
}

func TestDemoConnectorRefusesOtherCodes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, _ := newService(t, db, onboarding.DemoConnector{})
		if _, err := s.Connect(context.Background(), onboarding.ConnectRequest{MerchantID: "MX", Code: "no-valido", Crear: true}); !isErr(err, onboarding.ErrCodeRejected) {
			t.Fatalf("bad code: %v", err)
		}
		if p, _ := clientes.Search(context.Background(), db, clientes.Filter{Limit: 5}); p.Total != 0 {
			t.Fatalf("a refused code created a restaurant: %+v", p)
		}
	})
}

// Two sends at once for a restaurant without a link (two super admins, a
// double click that got past the page): one sends, the other is asked
// first — never two links, the first silently voided.
func TestConcurrentSendsVoidNothingUnasked(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, _ := newService(t, db, onboarding.DemoConnector{})
		if _, err := s.Create(ctx, onboarding.NewCliente{Nombre: "La Prisa", MerchantID: "MPRISA1"}); err != nil {
			t.Fatal(err)
		}
		const n = 4
		errs := make(chan error, n)
		var wg sync.WaitGroup
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.SendLink(ctx, onboarding.LinkRequest{MerchantID: "MPRISA1", Email: "prisa@example.com"})
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		sent, asked := 0, 0
		for err := range errs {
			switch {
			case err == nil:
				sent++
			case isErr(err, onboarding.ErrLinkPending):
				asked++
			default:
				t.Fatal(err)
			}
		}
		var links int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM links WHERE purpose = 'onboarding' AND revoked_at = 0`).Scan(&links); err != nil {
			t.Fatal(err)
		}
		if sent != 1 || asked != n-1 || links != 1 {
			t.Fatalf("%d sent, %d asked, %d live links", sent, asked, links)
		}
	})
}

// The onboarding e-mail writes its link's expiry as the restaurant's
// country writes it, in its time zone (not UTC).
func TestOnboardingLinkExpiryInTheRestaurantsZone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, clk := newService(t, db, onboarding.DemoConnector{})
		if _, err := s.Create(ctx, onboarding.NewCliente{Nombre: "Casa Lola", MerchantID: "MLOLA1", Pais: "ES"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SendLink(ctx, onboarding.LinkRequest{MerchantID: "MLOLA1", Email: "lola@casa.example"}); err != nil {
			t.Fatal(err)
		}
		madrid, _ := time.LoadLocation("Europe/Madrid")
		want := "caduca el " + clk.now().Add(onboarding.LinkTTL).In(madrid).Format("02/01/2006, 15:04") + " (Europe/Madrid)."
		msgs, err := mail.ListOutbox(ctx, db, 1)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(msgs[0].Text, want) || !strings.Contains(msgs[0].HTML, want) || strings.Contains(msgs[0].Text, "UTC") {
			t.Fatalf("want %q in:\n%s", want, msgs[0].Text)
		}
	})
}
