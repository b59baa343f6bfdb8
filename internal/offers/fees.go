package offers

import (
	"context"
	"errors"
	"fmt"
	"time"

	"carta/internal/billing"
	"carta/internal/store"
)

// FeeMaxAttempts bounds retries of a fee that fails for a passing reason.
const FeeMaxAttempts = 8

// feeBackoff is the wait after the n-th failed attempt (1-based).
func feeBackoff(n int) time.Duration {
	d := time.Minute << min(n-1, 10)
	return min(d, 6*time.Hour)
}

// FeeKey is the idempotency key of the fee of a purchase charged to one
// card: retries on the same card (a crash between the charge and its
// record, a time-out) can never charge twice. The card is part of the key
// because providers replay a declined answer for a key: after the
// restaurant registers a new card the fee must be a new attempt, and a
// declined attempt charged nothing.
func FeeKey(compraID int64, paymentMethodID string) string {
	return fmt.Sprintf("carta-fee-compra-%d-%s", compraID, paymentMethodID)
}

// ChargeFees charges the due fees through the billing provider. A decline
// or a card that needs authentication fails the fee at once (it is retried
// when the restaurant updates its card) and tells the restaurant by e-mail;
// other failures are retried with backoff.
func (s *Service) ChargeFees(ctx context.Context) (charged int, err error) {
	fees, err := store.ClaimDueFees(ctx, s.DB, 20, 5*time.Minute)
	if err != nil {
		return 0, err
	}
	for _, f := range fees {
		ok, err := s.chargeFee(ctx, f)
		if err != nil {
			return charged, err
		}
		if ok {
			charged++
		}
	}
	return charged, nil
}

func (s *Service) chargeFee(ctx context.Context, f store.Fee) (bool, error) {
	now := s.DB.Now()
	card, err := store.GetTarjeta(ctx, s.DB, f.ClienteID)
	if errors.Is(err, store.ErrNotFound) {
		return false, store.MarkFeeAttempt(ctx, s.DB, f.ID, "no card on file", now.Add(feeBackoff(f.Attempts+1)), f.Attempts+1 >= FeeMaxAttempts)
	}
	if err != nil {
		return false, err
	}
	id, err := s.Billing.ChargeFee(ctx, billing.Card{Provider: card.Provider, CustomerID: card.CustomerID, PaymentMethodID: card.PaymentMethodID,
		Brand: card.Brand, Last4: card.Last4}, f.Amount, f.Currency, FeeKey(f.CompraID, card.PaymentMethodID), fmt.Sprintf("Carta: fee del cupón vendido (compra %d)", f.CompraID))
	if err == nil {
		return true, store.MarkFeeCharged(ctx, s.DB, f.ID, id)
	}
	final := errors.Is(err, billing.ErrDeclined) || errors.Is(err, billing.ErrAuthenticationRequired) || f.Attempts+1 >= FeeMaxAttempts
	s.Log.Warn("platform fee charge failed", "fee_id", f.ID, "cliente_id", f.ClienteID, "final", final, "err", err)
	if !final {
		return false, store.MarkFeeAttempt(ctx, s.DB, f.ID, err.Error(), now.Add(feeBackoff(f.Attempts+1)), false)
	}
	return false, s.DB.InTx(ctx, func(tx *store.Tx) error {
		if err := store.MarkFeeAttempt(ctx, tx, f.ID, err.Error(), now, true); err != nil {
			return err
		}
		c, cerr := store.GetCliente(ctx, tx, f.ClienteID)
		if cerr != nil || c.Email == "" {
			return cerr
		}
		m := FeeFailedMail(c.Nombre, f.Amount, f.Currency, s.BaseURL, c.ID)
		_, err := store.EnqueueMail(ctx, tx, store.OutboxMessage{Kind: "fee_failed", To: c.Email, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
		return err
	})
}

// Run runs the expiry and fee jobs every interval until ctx ends.
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if n, err := s.ExpireHolds(ctx); err != nil && ctx.Err() == nil {
			s.Log.Warn("expire checkout holds", "err", err)
		} else if n > 0 {
			s.Log.Info("released expired checkout holds", "count", n)
		}
		if _, err := s.ChargeFees(ctx); err != nil && ctx.Err() == nil {
			s.Log.Warn("charge platform fees", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
