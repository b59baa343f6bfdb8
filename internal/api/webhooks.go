package api

import (
	"errors"
	"net/http"
	"time"

	"carta/internal/apperr"
	"carta/internal/billing"
	"carta/internal/billing/stripe"
	"carta/internal/checkout"
	clovercheckout "carta/internal/checkout/clover"
	"carta/internal/clientes"
	"carta/internal/offers"
	"carta/internal/store"
)

var errSignature = apperr.E(apperr.Unauthorized, "Firma del webhook no válida.", "Invalid webhook signature.")

// cloverCheckoutWebhook receives the hosted checkout's payment
// notifications: signature-checked (Clover-Signature: t=…,v1=HMAC-SHA256 of
// "t.body"), each event processed once, through the same confirmation as
// the demo checkout. The event is recorded in the confirmation's
// transaction: a failed confirmation answers 500 and is processed again on
// Clover's retry.
func (s *Server) cloverCheckoutWebhook(w http.ResponseWriter, r *http.Request) error {
	body, err := readWebhook(w, r)
	if err != nil {
		return err
	}
	// The event names its checkout session; the session's restaurant
	// names the secret it is verified with (its own, or the platform's
	// fallback of the demo set-up), and must be the merchant the event
	// names: a merchant's secret never confirms another's payment.
	ev, err := clovercheckout.ParseEvent(body)
	if err != nil {
		return errSignature
	}
	secret := s.CloverWebhookSecret
	_, merchant, own, err := clientes.CheckoutSigner(r.Context(), s.DB, ev.SessionID)
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return err
	case own != "" && ev.MerchantID != merchant:
		return errSignature
	case own != "":
		secret = own
	case ev.MerchantID != "" && merchant != "" && ev.MerchantID != merchant:
		return errSignature
	}
	if secret == "" || clovercheckout.VerifySignature(r.Header.Get("Clover-Signature"), body, secret, time.Now(), 5*time.Minute) != nil {
		return errSignature
	}
	key := ev.PaymentID
	if key == "" {
		key = ev.SessionID + ":" + ev.Status
	}
	o := checkout.Outcome{Session: ev.SessionID, Approved: ev.Approved, PaymentID: ev.PaymentID, Provider: "clover", Event: key}
	err = s.Offers.Confirm(r.Context(), o)
	if errors.Is(err, store.ErrNotFound) {
		// Not a coupon purchase: an order's checkout.
		err = s.Ordering.Confirm(r.Context(), o)
	}
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.Log.WarnContext(r.Context(), "checkout webhook for an unknown session", "session", ev.SessionID)
	case errors.Is(err, offers.ErrPaidSoldOut):
		// Recorded and marked for refund: nothing for Clover to retry.
	case err != nil:
		return err
	}
	return ok(w, map[string]bool{"received": true})
}

// stripeWebhook reconciles platform fee charges with Stripe's events.
func (s *Server) stripeWebhook(w http.ResponseWriter, r *http.Request) error {
	body, err := readWebhook(w, r)
	if err != nil {
		return err
	}
	ev, err := stripe.VerifyWebhook(body, r.Header.Get("Stripe-Signature"), s.StripeWebhookSecret)
	if err != nil {
		return errSignature
	}
	if ev.Type == "payment_intent.payment_failed" {
		s.Log.WarnContext(r.Context(), "stripe reports a failed fee payment", "payment_intent", ev.PaymentIntentID, "code", ev.FailureCode)
	}
	var compraID int64
	if ev.Type == "payment_intent.succeeded" {
		compraID, _ = billing.FeeKeyCompra(ev.IdempotencyKey)
	}
	if err := s.Billing.ReconcileFee(r.Context(), ev.ID, compraID, ev.PaymentIntentID); err != nil {
		return err
	}
	return ok(w, map[string]bool{"received": true})
}
