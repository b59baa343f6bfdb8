package api

import (
	"errors"
	"net/http"

	"carta/internal/apperr"
	"carta/internal/billing"
	"carta/internal/billing/stripe"
	"carta/internal/checkout"
	clovercheckout "carta/internal/checkout/clover"
)

var errSignature = apperr.E(apperr.Unauthorized, "Firma del webhook no válida.", "Invalid webhook signature.")

// cloverCheckoutWebhook receives the hosted checkout's payment
// notifications: checkout.Confirmer verifies the signature with the
// session's restaurant's secret, records the event once and confirms the
// purchase, whatever its kind, in one transaction. A failed confirmation
// answers 500 and is processed again on Clover's retry.
func (s *Server) cloverCheckoutWebhook(w http.ResponseWriter, r *http.Request) error {
	body, err := readWebhook(w, r)
	if err != nil {
		return err
	}
	err = s.Checkout.Webhook(r.Context(), body, r.Header.Get(clovercheckout.SignatureHeader))
	if errors.Is(err, checkout.ErrBadSignature) {
		return errSignature
	}
	if err != nil {
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
