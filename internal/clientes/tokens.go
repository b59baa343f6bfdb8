package clientes

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"carta/internal/pos"
	"carta/internal/store"
	"carta/internal/tenant"
)

// RefreshSlots is how many token refreshes a process runs at once (TokenSource.Slots): two of
// the ten connections of its PostgreSQL pool at most.
const RefreshSlots = 2

// DefaultRefreshMargin is how long before its expiry an access token is refreshed: long enough
// for a sync that starts with it to finish.
const DefaultRefreshMargin = 5 * time.Minute

// ErrRefreshExpired means the restaurant's refresh token expired by its own date: only
// connecting it again helps. It is a pos.ErrUnauthorized.
var ErrRefreshExpired = fmt.Errorf("clientes: the POS refresh token expired: %w", pos.ErrUnauthorized)

// TokenSource hands out a restaurant's current POS access token (it is a clover.TokenSource),
// refreshing it when it expires within Margin. A refresh happens in one transaction that holds the
// restaurant's row locked (SELECT … FOR UPDATE on PostgreSQL; SQLite's write transactions are
// serialised already), reads the tokens again, refreshes only if they still need it and stores
// the new pair before committing: however many requests, processes or replicas need a token at
// once, the provider sees one refresh, which matters because a refresh token works only once.
// A restaurant without a refresh token (a legacy merchant API token) just uses its access token.
type TokenSource struct {
	DB *store.DB
	ID tenant.ID
	// Refresh trades a refresh token for a new pair (clover.OAuth.Refresh, converted). An error
	// that is a pos.ErrUnauthorized means the refresh token was refused; nil Refresh (no OAuth
	// app configured) leaves the stored token as it is.
	Refresh func(ctx context.Context, refreshToken string) (Tokens, error)
	// Margin defaults to DefaultRefreshMargin; Now to time.Now.
	Margin time.Duration
	Now    func() time.Time
	// Slots, when set, bounds the refreshes in flight among the sources that share it (a process's
	// restaurants: RefreshSlots). A refresh holds a pooled database connection, its transaction,
	// while the POS answers, up to the OAuth client's timeout; without a bound, a slow POS and a
	// few restaurants whose tokens expire together would hold the whole pool. A caller that finds
	// every slot taken uses its token while it still works (within the margin: a later call
	// refreshes it) and waits for a slot only when the token has expired.
	Slots chan struct{}

	// mu keeps this process's callers from queueing on the database lock one by one: the first
	// refreshes, the others then find the new token.
	mu sync.Mutex
}

func (s *TokenSource) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

// stale reports whether tk should be refreshed at now.
func (s *TokenSource) stale(tk Tokens, now time.Time) bool {
	if s.Refresh == nil || tk.Refresh == "" || tk.AccessExpires == 0 {
		return false
	}
	margin := s.Margin
	if margin <= 0 {
		margin = DefaultRefreshMargin
	}
	return now.Add(margin).Unix() >= tk.AccessExpires
}

// Token returns the access token to use now. An error that is a pos.ErrUnauthorized means the
// restaurant must be connected again (it is marked so); a pos.ErrUnavailable that the refresh
// failed for a while and the access token has expired meanwhile: try again later.
func (s *TokenSource) Token(ctx context.Context) (string, error) {
	tk, err := GetTokens(ctx, s.DB, s.ID, false)
	if err != nil {
		return "", err
	}
	if !s.stale(tk, s.now()) {
		return tk.Access, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Slots != nil {
		select {
		case s.Slots <- struct{}{}:
		default:
			if s.now().Unix() < tk.AccessExpires {
				return tk.Access, nil // every slot is refreshing: this token still works a while
			}
			select {
			case s.Slots <- struct{}{}:
			case <-ctx.Done():
				return "", ctx.Err()
			}
		}
		defer func() { <-s.Slots }()
	}
	var (
		access  string
		refused error
	)
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		tk, err := GetTokens(ctx, tx, s.ID, true)
		if err != nil {
			return err
		}
		now := s.now()
		if !s.stale(tk, now) { // another caller refreshed it meanwhile
			access = tk.Access
			return nil
		}
		if tk.RefreshExpires != 0 && now.Unix() >= tk.RefreshExpires {
			refused = ErrRefreshExpired
			return MarkReconnect(ctx, tx, s.ID)
		}
		fresh, err := s.Refresh(ctx, tk.Refresh)
		switch {
		case err == nil:
			if err := SaveTokens(ctx, tx, s.ID, fresh); err != nil {
				// The old refresh token is spent and the new pair was not stored: the
				// restaurant will have to connect again. Say so rather than hide it.
				return fmt.Errorf("store the refreshed POS tokens of %d (the restaurant must reconnect): %w", s.ID.Int64(), err)
			}
			access = fresh.Access
			return nil
		case errors.Is(err, pos.ErrUnauthorized):
			refused = err
			return MarkReconnect(ctx, tx, s.ID)
		case now.Unix() < tk.AccessExpires:
			// The refresh failed for a while (or its answer was lost) but the token still
			// works: use it; the next call tries again.
			access = tk.Access
			return nil
		default:
			return err
		}
	})
	if err != nil {
		return "", fmt.Errorf("refresh the POS token of %d: %w", s.ID.Int64(), err)
	}
	if refused != nil {
		return "", fmt.Errorf("refresh the POS token of %d: %w", s.ID.Int64(), refused)
	}
	return access, nil
}

// Refused records that the POS answered 401 to token: the restaurant is marked for reconnection,
// unless its token was replaced meanwhile (the next call uses the new one).
func (s *TokenSource) Refused(ctx context.Context, token string) error {
	return s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		tk, err := GetTokens(ctx, tx, s.ID, true)
		if err != nil {
			return err
		}
		if tk.Access != token {
			return nil
		}
		return MarkReconnect(ctx, tx, s.ID)
	})
}
