package billing

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"carta/internal/clientes"
	"carta/internal/jobs"
	"carta/internal/mail"
	"carta/internal/store"
	"carta/internal/tenant"
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
	return fmt.Sprintf("%s%d-%s", feeKeyPrefix, compraID, paymentMethodID)
}

const feeKeyPrefix = "carta-fee-compra-"

// FeeKeyCompra reads the purchase back out of a FeeKey (the provider's
// event carries the key); false for a key Carta did not make.
func FeeKeyCompra(key string) (int64, bool) {
	rest, ok := strings.CutPrefix(key, feeKeyPrefix)
	if !ok {
		return 0, false
	}
	num, _, _ := strings.Cut(rest, "-")
	id, err := strconv.ParseInt(num, 10, 64)
	return id, err == nil && id > 0
}

// ChargeFees charges the due fees through the billing provider. A decline
// or a card that needs authentication fails the fee at once (it is retried
// when the restaurant updates its card) and tells the restaurant by e-mail;
// other failures are retried with backoff.
func (s *Service) ChargeFees(ctx context.Context) (charged int, err error) {
	fees, err := claimDueFees(ctx, s.DB, 20, 5*time.Minute)
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

func (s *Service) chargeFee(ctx context.Context, f Fee) (bool, error) {
	now := s.DB.Now()
	t := tenant.Job(f.ClienteID)
	card, err := GetTarjeta(ctx, s.DB, t)
	if errors.Is(err, store.ErrNotFound) {
		return false, markFeeAttempt(ctx, s.DB, f.ID, "no card on file", now.Add(feeBackoff(f.Attempts+1)), f.Attempts+1 >= FeeMaxAttempts)
	}
	if err != nil {
		return false, err
	}
	id, err := s.Provider.ChargeFee(ctx, Card{Provider: card.Provider, CustomerID: card.CustomerID, PaymentMethodID: card.PaymentMethodID,
		Brand: card.Brand, Last4: card.Last4}, f.Amount, f.Currency, FeeKey(f.CompraID, card.PaymentMethodID), fmt.Sprintf("Carta: fee del cupón vendido (compra %d)", f.CompraID))
	if err == nil {
		return true, markFeeCharged(ctx, s.DB, f.ID, id)
	}
	final := errors.Is(err, ErrDeclined) || errors.Is(err, ErrAuthenticationRequired) || f.Attempts+1 >= FeeMaxAttempts
	s.Log.WarnContext(ctx, "platform fee charge failed", "fee_id", f.ID, "cliente_id", f.ClienteID, "final", final, "err", err)
	if !final {
		return false, markFeeAttempt(ctx, s.DB, f.ID, err.Error(), now.Add(feeBackoff(f.Attempts+1)), false)
	}
	return false, s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if err := markFeeAttempt(ctx, tx, f.ID, err.Error(), now, true); err != nil {
			return err
		}
		c, cerr := clientes.Get(ctx, tx, t)
		if cerr != nil || c.Email == "" {
			return cerr
		}
		m := FeeFailedMail(c.Nombre, c.Idioma, f.Amount, f.Currency, c.Pais, s.BaseURL, c.ID)
		_, err := mail.Enqueue(ctx, tx, mail.OutboxMessage{Kind: "fee_failed", To: c.Email, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
		return err
	})
}

// Run charges the due fees every interval until ctx ends.
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	jobs.Every(ctx, "fees", interval, func(pctx context.Context) error {
		_, err := s.ChargeFees(pctx)
		if err != nil && ctx.Err() == nil {
			s.Log.WarnContext(pctx, "charge platform fees", "err", err)
		}
		return err
	}, jobs.Measured(s.Metrics))
}

// ReconcileFee records a Stripe event and, for a fee's succeeded payment
// (compraID > 0), marks the fee charged, in one transaction: a failure is
// retried by Stripe and processed then; a replayed event changes nothing.
func (s *Service) ReconcileFee(ctx context.Context, eventID string, compraID int64, chargeID string) error {
	return s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		first, err := store.FirstEvent(ctx, tx, "stripe", eventID)
		if err != nil || !first || compraID == 0 {
			return err
		}
		return MarkFeeChargedByCompra(ctx, tx, compraID, chargeID)
	})
}
