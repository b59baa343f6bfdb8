package billing

import (
	"context"
	"errors"
	"log/slog"

	"carta/internal/apperr"
	"carta/internal/clientes"
	"carta/internal/limits"
	"carta/internal/metrics"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Errors of the card on file (the spec's text where it has one).
var (
	ErrNoCardYet    = apperr.E(apperr.NotFound, "No hay una tarjeta registrada.", "No card is registered.")
	ErrCardRegister = apperr.E(apperr.Invalid, "Error al registrar la tarjeta", "Error registering the card")
	ErrCardDeclined = apperr.E(apperr.Invalid, "La tarjeta fue rechazada.", "The card was declined.")
	ErrStripeDown   = apperr.E(apperr.Unavailable, "Stripe no está disponible.", "Stripe is not available.")
)

// Service is the platform's billing of restaurants: the card on file and
// the fee ledger, charged by a job through the Provider.
type Service struct {
	DB       *store.DB
	Provider Provider
	Log      *slog.Logger
	// BaseURL is the public address in the fee-failed e-mail's link.
	BaseURL string
	// Metrics counts the job's passes; nil records nothing.
	Metrics *metrics.Metrics
}

func found(err, as error) error {
	if errors.Is(err, store.ErrNotFound) {
		return as
	}
	return err
}

// Card returns the restaurant's card on file (ErrNoCardYet when none).
func (s *Service) Card(ctx context.Context, t tenant.ID) (Tarjeta, error) {
	c, err := GetTarjeta(ctx, s.DB, t)
	return c, found(err, ErrNoCardYet)
}

func (s *Service) restaurant(ctx context.Context, t tenant.ID) (Restaurant, error) {
	c, err := clientes.Get(ctx, s.DB, t)
	if err != nil {
		return Restaurant{}, clientes.Found(err)
	}
	cust, err := billingCustomer(ctx, s.DB, t)
	return Restaurant{ID: c.ID, Name: c.Nombre, Email: c.Email, CustomerID: cust}, err
}

// SetupCard prepares a card registration (Stripe: a SetupIntent for
// Elements) and returns its client secret.
func (s *Service) SetupCard(ctx context.Context, t tenant.ID) (string, error) {
	br, err := s.restaurant(ctx, t)
	if err != nil {
		return "", err
	}
	secret, cust, err := s.Provider.SetupCard(ctx, br)
	if err != nil {
		s.Log.WarnContext(ctx, "billing setup failed", "cliente_id", t.Int64(), "err", err)
		return "", ErrStripeDown
	}
	if cust != "" && cust != br.CustomerID {
		if err := setBillingCustomer(ctx, s.DB, t, cust); err != nil {
			return "", err
		}
	}
	return secret, nil
}

// RegisterCard stores the card on file from the browser's token.
func (s *Service) RegisterCard(ctx context.Context, t tenant.ID, token string) (Card, error) {
	token, err := limits.CardToken.Check(token)
	if err != nil || token == "" {
		return Card{}, ErrCardRegister
	}
	br, err := s.restaurant(ctx, t)
	if err != nil {
		return Card{}, err
	}
	card, err := s.Provider.RegisterCard(ctx, br, token)
	if err != nil {
		s.Log.WarnContext(ctx, "card registration failed", "cliente_id", t.Int64(), "err", err)
		if errors.Is(err, ErrDeclined) {
			return card, ErrCardDeclined
		}
		return card, ErrCardRegister
	}
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if card.CustomerID != "" {
			if err := setBillingCustomer(ctx, tx, t, card.CustomerID); err != nil {
				return err
			}
		}
		return SaveTarjeta(ctx, tx, t, Tarjeta{Provider: card.Provider, CustomerID: card.CustomerID,
			PaymentMethodID: card.PaymentMethodID, Brand: card.Brand, Last4: card.Last4})
	})
	return card, err
}

// Fees lists the restaurant's platform fees, newest first.
func (s *Service) Fees(ctx context.Context, t tenant.ID) ([]Fee, error) {
	return ListClienteFees(ctx, s.DB, t)
}

// FailedFees lists the fees that failed across restaurants (super admin).
func (s *Service) FailedFees(ctx context.Context) ([]Fee, error) {
	return ListFeesByEstado(ctx, s.DB, "fallido")
}

// ErrNoFailedFee answers a retry of a fee that is not failed.
var ErrNoFailedFee = apperr.E(apperr.NotFound, "Esta comisión no existe o no está fallida.", "This fee does not exist or has not failed.")

// RetryFee puts a failed fee back in the queue, due now (super admin): the
// fee job charges it once more with the restaurant's card on file.
func (s *Service) RetryFee(ctx context.Context, feeID int64) error {
	res, err := s.DB.Exec(ctx, `UPDATE fees SET estado = 'pendiente', next_attempt_at = 0 WHERE id = ? AND estado = 'fallido'`, feeID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNoFailedFee
	}
	return nil
}
