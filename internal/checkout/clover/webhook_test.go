package clover_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"carta/internal/checkout"
	"carta/internal/checkout/clover"
	"carta/internal/checkout/clover/clovercheckouttest"
)

// A vector computed outside Go (openssl dgst -sha256 -hmac), so the verifier and the fake's Sign
// cannot agree on a wrong construction.
func TestVerifySignatureKnownVector(t *testing.T) {
	body := []byte(`{"data":"s1","status":"APPROVED"}`)
	header := "t=1642599079,v1=08a05b2b7ed1bf01f029c1410e7a964cb594cc7a3b45b756332a678d1e6cf66c"
	now := time.Unix(1642599079, 0).Add(30 * time.Second)
	if err := clover.VerifySignature(header, body, "whsec-test", now, 5*time.Minute); err != nil {
		t.Fatalf("known vector rejected: %v", err)
	}
	if got := clovercheckouttest.Sign("whsec-test", time.Unix(1642599079, 0), body); got != header {
		t.Errorf("fake Sign = %q, want %q", got, header)
	}
}

func TestVerifySignature(t *testing.T) {
	const secret = "whsec-restaurant-1"
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	body := clovercheckouttest.WebhookBody("sess-1", "pay-1", merchantID, "APPROVED")
	valid := clovercheckouttest.Sign(secret, now.Add(-10*time.Second), body)
	v1 := valid[strings.Index(valid, "v1="):]

	tests := []struct {
		name   string
		header string
		body   []byte
		secret string
		ok     bool
	}{
		{"valid", valid, body, secret, true},
		{"valid with spaces and an unknown scheme", " t=" + itoa(now.Add(-10*time.Second)) + ", v0=abc, " + v1 + " ", body, secret, true},
		{"valid among a stale v1 (secret rotation)", valid + ",v1=" + strings.Repeat("0", 64), body, secret, true},
		{"valid signature in upper-case hex", "t=" + itoa(now.Add(-10*time.Second)) + ",V1=x," + "v1=" + strings.ToUpper(strings.TrimPrefix(v1, "v1=")), body, secret, true},
		{"wrong secret", valid, body, "whsec-other", false},
		{"empty secret", valid, body, "", false},
		{"tampered body", valid, []byte(strings.Replace(string(body), "APPROVED", "APPROVEd", 1)), secret, false},
		{"timestamp too old", clovercheckouttest.Sign(secret, now.Add(-6*time.Minute), body), body, secret, false},
		{"timestamp too far ahead", clovercheckouttest.Sign(secret, now.Add(6*time.Minute), body), body, secret, false},
		{"timestamp swapped after signing", "t=" + itoa(now) + "," + v1, body, secret, false},
		{"missing v1", "t=" + itoa(now), body, secret, false},
		{"missing t", v1, body, secret, false},
		{"empty header", "", body, secret, false},
		{"garbage header", "garbage", body, secret, false},
		{"non-numeric t", "t=yesterday," + v1, body, secret, false},
		{"v1 not hex", "t=" + itoa(now) + ",v1=zz" + strings.Repeat("0", 62), body, secret, false},
		{"v1 truncated", valid[:len(valid)-2], body, secret, false},
		{"two timestamps", valid + ",t=" + itoa(now), body, secret, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := clover.VerifySignature(tt.header, tt.body, tt.secret, now, 5*time.Minute)
			if tt.ok && err != nil {
				t.Fatalf("rejected a valid signature: %v", err)
			}
			if !tt.ok && !errors.Is(err, checkout.ErrBadSignature) {
				t.Fatalf("error = %v, want ErrBadSignature", err)
			}
		})
	}
}

func itoa(t time.Time) string { return strconv.FormatInt(t.Unix(), 10) }

func TestParseEvent(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		want    checkout.Event
		wantErr bool
	}{
		{
			name: "approved",
			body: string(clovercheckouttest.WebhookBody("sess-1", "pay-1", merchantID, "APPROVED")),
			want: checkout.Event{SessionID: "sess-1", PaymentID: "pay-1", Status: "APPROVED", Approved: true, MerchantID: merchantID, Type: "PAYMENT", Message: "Approved"},
		},
		{
			name: "declined",
			body: string(clovercheckouttest.WebhookBody("sess-2", "pay-2", merchantID, "DECLINED")),
			want: checkout.Event{SessionID: "sess-2", PaymentID: "pay-2", Status: "DECLINED", MerchantID: merchantID, Type: "PAYMENT", Message: "Declined"},
		},
		{
			name: "documented capitalisation and message",
			body: `{"Type":"PAYMENT","Status":"APPROVED","Id":"pay-3","MerchantId":"M1","Data":"sess-3","Message":"Approved for 100","createdTime":1772366400000}`,
			want: checkout.Event{SessionID: "sess-3", PaymentID: "pay-3", Status: "APPROVED", Approved: true, MerchantID: "M1", Type: "PAYMENT", Message: "Approved for 100"},
		},
		{
			name: "approved status on another event type is not a payment",
			body: `{"type":"REFUND","status":"APPROVED","id":"r1","merchantId":"M1","data":"sess-4"}`,
			want: checkout.Event{SessionID: "sess-4", PaymentID: "r1", Status: "APPROVED", MerchantID: "M1", Type: "REFUND"},
		},
		{name: "malformed JSON", body: `{"status":"APPROVED",`, wantErr: true},
		{name: "not an object", body: `[]`, wantErr: true},
		{name: "no session id", body: `{"type":"PAYMENT","status":"APPROVED","id":"p"}`, wantErr: true},
		{name: "no status", body: `{"type":"PAYMENT","id":"p","data":"s"}`, wantErr: true},
		{name: "approved without payment id", body: `{"type":"PAYMENT","status":"APPROVED","data":"s"}`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := clover.ParseEvent([]byte(tt.body))
			if tt.wantErr {
				if err == nil {
					t.Fatalf("ParseEvent succeeded with %+v, want an error", ev)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(ev.Raw) != tt.body {
				t.Errorf("Raw = %s, want the body", ev.Raw)
			}
			ev.Raw, ev.CreatedAt = nil, time.Time{}
			if ev.SessionID != tt.want.SessionID || ev.PaymentID != tt.want.PaymentID || ev.Status != tt.want.Status ||
				ev.Approved != tt.want.Approved || ev.MerchantID != tt.want.MerchantID || ev.Type != tt.want.Type || ev.Message != tt.want.Message {
				t.Errorf("event = %+v, want %+v", ev, tt.want)
			}
		})
	}
}

func TestParseEventCreatedTime(t *testing.T) {
	ev, err := clover.ParseEvent([]byte(`{"status":"DECLINED","data":"s","createdTime":1772366400000}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := time.UnixMilli(1772366400000); !ev.CreatedAt.Equal(want) {
		t.Errorf("CreatedAt = %v, want %v", ev.CreatedAt, want)
	}
}
