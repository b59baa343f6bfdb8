package onboarding_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/onboarding"
	"carta/internal/pos/clover"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// FuzzOnboardingLink spends fuzzed onboarding links (merchant id, e-mail,
// token and password as a browser sends them) on a database holding one
// real link, and parses the same values as a Clover install callback.
// Invariants: never panics; a made-up link is refused with a 400 and
// the link's URL
// gives back exactly the values it was built from; a callback is refused
// without a code or a merchant id.
func FuzzOnboardingLink(f *testing.F) {
	f.Add("MFOGON1", "duena@fogon.example", "tok", "contraseña-1")
	f.Add("", "", "", "")
	f.Add(" MFOGON1 ", "DUENA@fogon.example", strings.Repeat("a", 201), "x")
	f.Add("MFOGON1", "duena@fogon.example", "%00&token=x", "12345678")
	f.Add("MFOGON1\x00", "duena@fogon.example\u202e", "tok\n", "contraseña-larga\x7f")
	db := storetest.Open(f, store.SQLite)
	ctx := context.Background()
	s := &onboarding.Service{DB: db, Auth: &auth.Service{DB: db, TTL: time.Hour}, POS: onboarding.DemoConnector{}, BaseURL: "https://carta.example"}
	if _, err := s.Create(ctx, onboarding.NewCliente{Nombre: "El Fogón", MerchantID: "MFOGON1"}); err != nil {
		f.Fatal(err)
	}
	if _, err := s.SendLink(ctx, onboarding.LinkRequest{MerchantID: "MFOGON1", Email: "duena@fogon.example"}); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, merchantID, email, token, password string) {
		u, err := url.Parse(s.LinkURL(merchantID, email, token))
		if err != nil {
			t.Fatalf("link URL does not parse: %v", err)
		}
		q := u.Query()
		if q.Get("merchant_id") != merchantID || q.Get("email") != email || q.Get("token") != token || len(q) != 3 {
			t.Fatalf("link URL does not give back its values: %v", q)
		}
		_, err = s.SetPassword(ctx, onboarding.NewPassword{MerchantID: merchantID, Email: email, Token: token, NewPassword: password})
		if e, ok := apperr.As(err); !ok || e.Kind != apperr.Invalid {
			t.Fatalf("made-up link: %v, want a 400", err)
		}
		cb, err := clover.ParseCallback(url.Values{"code": {token}, "merchant_id": {merchantID}, "client_id": {email}, "state": {password}})
		if (err == nil) != (strings.TrimSpace(token) != "" && strings.TrimSpace(merchantID) != "") {
			t.Fatalf("callback %+v: %v", cb, err)
		}
	})
}
