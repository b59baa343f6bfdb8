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
