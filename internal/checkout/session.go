package checkout

import (
	"context"
	"fmt"

	"carta/internal/store"
)

// SessionRecord is a hosted checkout session as Carta recorded it when a kind of
// purchase created it: the kind, the kind's reference of the purchase and
// the restaurant whose webhook secret verifies the provider's events.
type SessionRecord struct {
	ID   string
	Kind string // a registered Kind's Name: "cupon", "pedido"
	// Ref is the kind's own id of the purchase (a compra's, a pedido's).
	Ref        int64
	Restaurant int64
}

// Validate refuses a session that could not be confirmed later.
func (s SessionRecord) Validate() error {
	switch {
	case s.ID == "":
		return fmt.Errorf("%w: a session needs its id", ErrInvalid)
	case s.Kind == "":
		return fmt.Errorf("%w: session %s needs its kind", ErrInvalid, s.ID)
	case s.Ref <= 0 || s.Restaurant <= 0:
		return fmt.Errorf("%w: session %s needs its purchase and restaurant", ErrInvalid, s.ID)
	}
	return nil
}

// RecordSession records a session a kind just created, in the transaction
// in which the kind stores the session on its purchase: from then on a
// confirmation finds its kind, purchase and restaurant in one read.
// Recording the same session again changes nothing.
func RecordSession(ctx context.Context, tx *store.Tx, s SessionRecord) error {
	if err := s.Validate(); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, insertSession, s.ID, s.Kind, s.Ref, s.Restaurant, tx.NowUnix())
	return err
}

// insertSession records a session (RecordSession, RecordSessionOn); a
// session recorded before is left as it is.
const insertSession = `INSERT INTO sesiones_checkout (session_id, tipo, referencia, cliente_id, created_at) VALUES (?, ?, ?, ?, ?)
	ON CONFLICT DO NOTHING`

// RecordSessionOn stores session s on its purchase with the kind's own
// statement (update, with its args: the UPDATE that writes the session's id
// and page on the purchase) and records it (RecordSession), both or
// neither: on PostgreSQL one statement (a data-modifying WITH), one round
// trip instead of four with its transaction's BEGIN and COMMIT; on SQLite
// a transaction (its round trips are calls in the process).
func RecordSessionOn(ctx context.Context, db *store.DB, s SessionRecord, update string, args ...any) error {
	if err := s.Validate(); err != nil {
		return err
	}
	if db.Dialect() == store.Postgres {
		// args[:len(args):len(args)]: the caller's slice is never written.
		_, err := db.Exec(ctx, `WITH u AS (`+update+`) `+insertSession,
			append(args[:len(args):len(args)], s.ID, s.Kind, s.Ref, s.Restaurant, db.NowUnix())...)
		return err
	}
	return db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if _, err := tx.Exec(ctx, update, args...); err != nil {
			return err
		}
		return RecordSession(ctx, tx, s)
	})
}

// recordedSession is a recorded session; store.ErrNotFound when the session
// was not recorded (unknown, or created before sessions were: migration 0032).
func recordedSession(ctx context.Context, q store.Querier, id string) (SessionRecord, error) {
	s := SessionRecord{ID: id}
	err := q.QueryRow(ctx, `SELECT tipo, referencia, cliente_id FROM sesiones_checkout WHERE session_id = ?`, id).Scan(&s.Kind, &s.Ref, &s.Restaurant)
	if err != nil {
		return SessionRecord{}, store.NotFound(err)
	}
	return s, nil
}
