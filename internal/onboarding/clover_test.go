package onboarding_test

import (
	"context"
	"testing"

	"carta/internal/clientes"
	"carta/internal/onboarding"
	"carta/internal/pos"
	"carta/internal/pos/clover"
	"carta/internal/pos/clover/clovertest"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// Connecting through the Clover app, against the fake Clover: a good code
// connects the merchant with working, sealed tokens; a used code is
// Clover's 400 with its reason; a wrong app secret is the spec's 401 text;
// a code of another merchant is refused and stores nothing.
func TestCloverConnectorAgainstTheFake(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		srv := clovertest.NewServer(t, clovertest.Merchant{ID: "MCLOVER1", Token: "legacy", Categories: []pos.Category{{ID: "C1", Name: "Tapas"}}})
		srv.EnableOAuth(clovertest.OAuthConfig{AppID: "app-1", AppSecret: "secret-1"})
		oauth := clover.NewOAuth(clover.RegionSandbox, "app-1", "secret-1")
		oauth.APIURL = srv.URL
		s, _ := newService(t, db, onboarding.CloverConnector{OAuth: oauth, APIURL: srv.URL})

		code := srv.IssueCode()
		res, err := s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MCLOVER1", Code: code, Nombre: "Tapas Clover", Crear: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Cliente.POSProvider != "clover" || !res.Cliente.POSConectado || res.Cliente.Nombre != "Tapas Clover" {
			t.Fatalf("connected: %+v", res.Cliente)
		}
		tk, err := clientes.GetTokens(ctx, db, tenant.Job(res.Cliente.ID), false)
		if err != nil || tk.Access == "" || tk.Refresh == "" || tk.AccessExpires == 0 {
			t.Fatalf("tokens: %+v %v", tk, err)
		}
		api := clover.New(srv.URL, "MCLOVER1", tk.Access)
		if err := api.Verify(ctx); err != nil {
			t.Fatalf("the stored token works: %v", err)
		}

		if _, err := s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MCLOVER1", Code: code}); !isErr(err, onboarding.ErrBadRequest("Invalid or expired authorization code")) {
			t.Fatalf("code used twice: %v", err)
		}
		if _, err := s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MOTRO9", Code: srv.IssueCode(), Crear: true}); !isErr(err, onboarding.ErrMerchantRefused) {
			t.Fatalf("another merchant's code: %v", err)
		}
		if p, _ := clientes.Search(ctx, db, clientes.Filter{Query: "MOTRO9", Limit: 5}); p.Total != 0 {
			t.Fatal("a refused connection created a restaurant")
		}
		wrong := clover.NewOAuth(clover.RegionSandbox, "app-1", "not-the-secret")
		wrong.APIURL = srv.URL
		s.POS = onboarding.CloverConnector{OAuth: wrong, APIURL: srv.URL}
		if _, err := s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MCLOVER1", Code: srv.IssueCode()}); !isErr(err, onboarding.ErrCodeRejected) {
			t.Fatalf("Clover's 401: %v", err)
		}
	})
}
