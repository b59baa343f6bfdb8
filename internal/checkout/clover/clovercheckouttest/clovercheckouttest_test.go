package clovercheckouttest_test

import (
	"net/http"
	"strings"
	"testing"

	"carta/internal/checkout/clover/clovercheckouttest"
)

// The fake must refuse what Clover refuses, or client tests would pass against a pushover.
func TestFakeRefusesWhatCloverRefuses(t *testing.T) {
	const good = `{"customer":{},"shoppingCart":{"lineItems":[{"name":"a","price":100,"unitQty":1}]}}`
	tests := []struct {
		name, merchant, auth, body string
		want                       int
	}{
		{"accepted", "M1", "Bearer tok", good, http.StatusOK},
		{"no bearer prefix", "M1", "tok", good, http.StatusUnauthorized},
		{"wrong token", "M1", "Bearer other", good, http.StatusUnauthorized},
		{"wrong merchant", "M2", "Bearer tok", good, http.StatusUnauthorized},
		{"no customer", "M1", "Bearer tok", `{"shoppingCart":{"lineItems":[{"name":"a","price":100,"unitQty":1}]}}`, http.StatusBadRequest},
		{"empty cart", "M1", "Bearer tok", `{"customer":{},"shoppingCart":{"lineItems":[]}}`, http.StatusBadRequest},
		{"quantity under its own name", "M1", "Bearer tok", `{"customer":{},"shoppingCart":{"lineItems":[{"name":"a","price":100,"quantity":1}]}}`, http.StatusBadRequest},
		{"price in dollars", "M1", "Bearer tok", `{"customer":{},"shoppingCart":{"lineItems":[{"name":"a","price":1.5,"unitQty":1}]}}`, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := clovercheckouttest.New(t)
			fake.MerchantID, fake.Token = "M1", "tok"
			req, _ := http.NewRequest(http.MethodPost, fake.URL+clovercheckouttest.Path, strings.NewReader(tt.body))
			req.Header.Set("X-Clover-Merchant-Id", tt.merchant)
			req.Header.Set("Authorization", tt.auth)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.want {
				t.Errorf("status = %d, want %d", resp.StatusCode, tt.want)
			}
		})
	}
}

// The refunds endpoint refuses what Clover refuses too.
func TestFakeRefundsRefuseWhatCloverRefuses(t *testing.T) {
	tests := []struct {
		name, auth, key, body string
		want                  int
	}{
		{"accepted", "Bearer tok", "k1", `{"charge":"P1","amount":100}`, http.StatusOK},
		{"whole charge when no amount", "Bearer tok", "k2", `{"charge":"P1"}`, http.StatusOK},
		{"no idempotency key", "Bearer tok", "", `{"charge":"P1","amount":100}`, http.StatusBadRequest},
		{"wrong token", "Bearer other", "k3", `{"charge":"P1","amount":100}`, http.StatusUnauthorized},
		{"unknown charge", "Bearer tok", "k4", `{"charge":"P9","amount":100}`, http.StatusNotFound},
		{"amount in dollars", "Bearer tok", "k5", `{"charge":"P1","amount":1.5}`, http.StatusBadRequest},
		{"more than the charge", "Bearer tok", "k6", `{"charge":"P1","amount":1001}`, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := clovercheckouttest.New(t)
			fake.AccessToken = "tok"
			fake.AddCharge("P1", 1000)
			req, _ := http.NewRequest(http.MethodPost, fake.URL+clovercheckouttest.RefundsPath, strings.NewReader(tt.body))
			req.Header.Set("Authorization", tt.auth)
			if tt.key != "" {
				req.Header.Set("Idempotency-Key", tt.key)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.want {
				t.Errorf("status = %d, want %d", resp.StatusCode, tt.want)
			}
		})
	}
}
