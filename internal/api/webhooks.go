package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"carta/internal/apperr"
	"carta/internal/billing/stripe"
	clovercheckout "carta/internal/checkout/clover"
	"carta/internal/respond"
	"carta/internal/store"
)

var errSignature = apperr.E(apperr.Unauthorized, "Firma del webhook no válida.", "Invalid webhook signature.")

// cloverCheckoutWebhook receives the hosted checkout's payment
// notifications: signature-checked (Clover-Signature: t=…,v1=HMAC-SHA256 of
// "t.body"), each event processed once, through the same confirmation as
// the demo checkout.
func (s *Server) cloverCheckoutWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := readWebhook(w, r)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if s.CloverWebhookSecret == "" || clovercheckout.VerifySignature(r.Header.Get("Clover-Signature"), body, s.CloverWebhookSecret, time.Now(), 5*time.Minute) != nil {
		respond.Error(w, r, errSignature)
		return
	}
	ev, err := clovercheckout.ParseEvent(body)
	if err != nil {
		respond.Error(w, r, apperr.ErrBadJSON)
		return
	}
	key := ev.PaymentID
	if key == "" {
		key = ev.SessionID + ":" + ev.Status
	}
	first, err := store.FirstWebhook(r.Context(), s.DB, "clover", key)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if first {
		err = s.Offers.Confirm(r.Context(), ev.SessionID, ev.Approved)
		if errors.Is(err, store.ErrNotFound) {
			s.Log.Warn("checkout webhook for an unknown session", "session", ev.SessionID)
			err = nil
		}
		if err != nil {
			respond.Error(w, r, err)
			return
		}
	}
	respond.JSON(w, http.StatusOK, map[string]bool{"received": true})
}

// stripeWebhook reconciles platform fee charges with Stripe's events.
func (s *Server) stripeWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := readWebhook(w, r)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	ev, err := stripe.VerifyWebhook(body, r.Header.Get("Stripe-Signature"), s.StripeWebhookSecret)
	if err != nil {
		respond.Error(w, r, errSignature)
		return
	}
	first, err := store.FirstWebhook(r.Context(), s.DB, "stripe", ev.ID)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if first && ev.Type == "payment_intent.succeeded" {
		if id, ok := feeCompraID(ev.IdempotencyKey); ok {
			if err := store.MarkFeeChargedByCompra(r.Context(), s.DB, id, ev.PaymentIntentID); err != nil {
				respond.Error(w, r, err)
				return
			}
		}
	}
	if first && ev.Type == "payment_intent.payment_failed" {
		s.Log.Warn("stripe reports a failed fee payment", "payment_intent", ev.PaymentIntentID, "code", ev.FailureCode)
	}
	respond.JSON(w, http.StatusOK, map[string]bool{"received": true})
}

// feeCompraID reads the purchase id out of a fee idempotency key
// ("carta-fee-compra-{id}-{payment method}").
func feeCompraID(key string) (int64, bool) {
	rest, ok := strings.CutPrefix(key, "carta-fee-compra-")
	if !ok {
		return 0, false
	}
	num, _, _ := strings.Cut(rest, "-")
	id, err := strconv.ParseInt(num, 10, 64)
	return id, err == nil
}
