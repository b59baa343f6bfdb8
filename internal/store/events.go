package store

import "context"

// FirstEvent records a provider's webhook event id and reports whether it
// is new: call it in the transaction of the event's effect, so a failed
// effect leaves the event unrecorded (and processed again on the retry)
// and a replayed event is seen once only.
func FirstEvent(ctx context.Context, q Querier, provider, eventID string) (bool, error) {
	res, err := q.Exec(ctx, `INSERT INTO webhook_events (provider, event_id, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, provider, eventID, q.NowUnix())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SeenEvent reports whether a provider's webhook event was recorded
// already (FirstEvent): a replay can be answered before anything is read
// for it. FirstEvent, in the effect's transaction, stays the guard.
func SeenEvent(ctx context.Context, q Querier, provider, eventID string) (bool, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM webhook_events WHERE provider = ? AND event_id = ?`, provider, eventID).Scan(&n)
	return n > 0, err
}
