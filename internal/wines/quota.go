package wines

import (
	"context"
	"strconv"
	"time"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/tenant"
)

// PaidLookups bounds the lookups that go to a paid endpoint (the
// OpenAI-compatible API, on the platform's key): each restaurant (and each
// super admin account) may ask PerHour of them per hour, counted in the
// database so every replica shares the count, and at most Slots.Acquire's
// bound run at once on this replica. A search the endpoint did not charge
// for (lookup.Result.Cobrada false) gives its unit back. Nil when no paid
// endpoint is configured.
type PaidLookups struct {
	Auth    *auth.Service
	PerHour int
	Slots   *auth.Limiter
}

// Defaults of the paid lookups' bounds (CARTA_WINE_LOOKUP_PER_HOUR,
// CARTA_WINE_LOOKUP_CONCURRENCY).
const (
	DefaultLookupsPerHour    = 30
	DefaultLookupConcurrency = 4
	// lookupSlotWait is how long a search waits for one of the slots
	// before the answer is "busy, try again".
	lookupSlotWait = 5 * time.Second
)

// NewPaidLookups bounds paid lookups to perHour per restaurant and
// concurrent at once on this replica.
func NewPaidLookups(a *auth.Service, perHour, concurrent int) *PaidLookups {
	return &PaidLookups{Auth: a, PerHour: perHour, Slots: auth.NewLimiter(concurrent, lookupSlotWait)}
}

// ErrLookupQuota answers a search over the hour's quota.
var ErrLookupQuota = apperr.E(apperr.TooManyRequests,
	"Alcanzaste el límite de búsquedas de vinos por hora. Inténtalo de nuevo más tarde.",
	"You reached the hourly limit of wine searches. Try again later.")

// quotaKey is whose quota a search draws from: the owner's restaurant, or
// the super admin's own account.
func quotaKey(p *tenant.Principal) string {
	if t, ok := p.Own(); ok {
		return "vino:cliente:" + strconv.FormatInt(t.Int64(), 10)
	}
	return "vino:cuenta:" + strconv.FormatInt(p.SubjectID(), 10)
}

// take reserves one paid lookup for p and a slot to run it in; done gives
// the slot back, and the unit too when the paid endpoint did not charge
// for the search (free).
func (l *PaidLookups) take(ctx context.Context, p *tenant.Principal) (done func(free bool), err error) {
	key := auth.ThrottleKey{Key: quotaKey(p), Rule: auth.ThrottleRule{Limit: l.PerHour, Window: time.Hour}}
	if err := l.Auth.Reserve(ctx, key, ErrLookupQuota); err != nil {
		return nil, err
	}
	refund := func() { _ = auth.ThrottleRefund(context.WithoutCancel(ctx), l.Auth.DB, key.Key) }
	release, err := l.Slots.Acquire(ctx)
	if err != nil {
		refund()
		return nil, err
	}
	return func(free bool) {
		release()
		if free {
			refund()
		}
	}, nil
}
