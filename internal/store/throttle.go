package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// ThrottleLockedUntil returns the Unix time until which key is locked
// (0 when it is not).
func ThrottleLockedUntil(ctx context.Context, q Querier, key string) (int64, error) {
	var until int64
	err := q.QueryRow(ctx, `SELECT locked_until FROM login_throttle WHERE key = ?`, key).Scan(&until)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if until <= q.now() {
		return 0, err
	}
	return until, err
}

// ThrottleFail records one failed sign-in for key. The count restarts when
// the window has passed; reaching limit locks the key for lockout. It
// returns the lock expiry when this failure locked the key. The increment is
// one atomic statement, so concurrent failures are all counted.
func ThrottleFail(ctx context.Context, q Querier, key string, limit int, window, lockout time.Duration) (int64, error) {
	now := q.now()
	windowStart := now - int64(window/time.Second)
	var failures int
	err := q.QueryRow(ctx, `INSERT INTO login_throttle (key, failures, window_start, locked_until) VALUES (?, 1, ?, 0)
		ON CONFLICT (key) DO UPDATE SET
			failures = CASE WHEN login_throttle.window_start < ? THEN 1 ELSE login_throttle.failures + 1 END,
			window_start = CASE WHEN login_throttle.window_start < ? THEN ? ELSE login_throttle.window_start END
		RETURNING failures`, key, now, windowStart, windowStart, now).Scan(&failures)
	if err != nil {
		return 0, err
	}
	if failures < limit {
		return 0, nil
	}
	until := now + int64(lockout/time.Second)
	_, err = q.Exec(ctx, `UPDATE login_throttle SET locked_until = ?, failures = 0, window_start = ? WHERE key = ?`, until, now, key)
	return until, err
}

// ThrottleReset forgets the failures of key (after a successful sign-in).
func ThrottleReset(ctx context.Context, q Querier, key string) error {
	_, err := q.Exec(ctx, `DELETE FROM login_throttle WHERE key = ? AND locked_until <= ?`, key, q.now())
	return err
}
