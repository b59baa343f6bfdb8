package ordering

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"carta/internal/jobs"
	"carta/internal/pos"
	"carta/internal/store"
)

// The ordering job: orders whose checkout ended unpaid give their slot
// back, paid orders are created in the POS (retried with backoff until they
// land; the board flags them meanwhile), "sold out today" ends at the
// restaurant's midnight, and the feed's old rows are pruned.

// posLease is how long a replica holds an order it is sending to the POS.
const posLease = 2 * time.Minute

// posSenders is how many orders a replica sends to the POS at once (a slow
// POS answer does not hold the others up).
const posSenders = 4

// posBackoff is the wait before the next attempt after n failed ones:
// 30 s doubling up to 15 minutes; an order is never given up.
func posBackoff(n int) time.Duration {
	d := 30 * time.Second
	for i := 1; i < n && d < 15*time.Minute; i++ {
		d *= 2
	}
	return min(d, 15*time.Minute)
}

// ExpirePending ends the unpaid orders whose checkout ended and frees
// their slots.
func (s *Service) ExpirePending(ctx context.Context) (int, error) {
	list, err := expiredPending(ctx, s.DB, 200)
	if err != nil {
		return 0, err
	}
	n, err := s.ExpireTabPayments(ctx)
	if err != nil {
		return n, err
	}
	for _, id := range list {
		err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error { return failPending(ctx, tx, id, EstadoExpirado) })
		if err == nil {
			n++
		} else if !errors.Is(err, errNotPending) {
			return n, err
		}
	}
	return n, nil
}

// SendToPOS creates the due paid orders in their restaurant's POS. It
// returns how many landed.
func (s *Service) SendToPOS(ctx context.Context) (int, error) {
	return s.eachDue(ctx, posToCreate, s.sendOne)
}

// eachDue claims the orders due in the POS in states (see duePOS) and
// hands each to do; it returns how many do succeeded for.
func (s *Service) eachDue(ctx context.Context, states string, do func(context.Context, int64) error) (int, error) {
	due, err := duePOS(ctx, s.DB, states, 20, s.DB.Now().Add(posLease).Unix())
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range due {
		if err := do(ctx, id); err != nil {
			if ctx.Err() != nil {
				return n, ctx.Err()
			}
			continue
		}
		n++
	}
	return n, nil
}

// posErrorText is what an order records of a failed POS call.
func posErrorText(err error) string {
	msg := err.Error()
	if len(msg) > 300 {
		msg = msg[:300]
	}
	return msg
}

// sendOne creates one order in the POS and records the outcome; the
// order's reference makes a repeated send find the order created before.
// An order cancelled before it was sent is not sent (RemoveFromPOS looks
// for it); one cancelled while it was being sent is recorded to delete.
func (s *Service) sendOne(ctx context.Context, id int64) error { return s.send(ctx, posSend{id: id}) }

// send is sendOne with the order as its caller has it (o.p), or read.
// An order handed over by its confirmation was claimed by it (pos_estado
// 'pendiente', its lease), so what the sender reads of it is as written
// then; a cancellation meanwhile ends in 'anular' below and RemoveFromPOS.
func (s *Service) send(ctx context.Context, o posSend) error {
	id := o.id
	var p Pedido
	if o.p != nil {
		p = *o.p
	} else {
		var err error
		if p, err = getPedido(ctx, s.DB, id); err != nil {
			return err
		}
	}
	if p.PosEstado != POSPendiente && p.PosEstado != POSError {
		return nil
	}
	r, err := s.anyRestaurant(ctx, p.ClienteID)
	if err != nil {
		return err
	}
	lines := make([]pos.OrderLine, 0, len(p.Lineas))
	for _, l := range p.Lineas {
		pl := pos.OrderLine{ItemID: l.cloverItemID, Quantity: l.Cantidad}
		for _, m := range l.Modificadores {
			pl.ModifierIDs = append(pl.ModifierIDs, m.ID)
		}
		lines = append(lines, pl)
	}
	conn := r.conn
	hora := time.Unix(p.RecogerAt, 0).In(r.cfg.location()).Format("15:04")
	order := pos.Order{Reference: orderRef(id), OrderType: OrderType, Lines: lines, Note: p.Nota,
		Title: fmt.Sprintf("Carta #%d — %s — recoger %s", p.Numero, p.Nombre, hora)}
	var posID string
	orders, err := s.POS(conn)
	if err == nil {
		if p.CuentaID != 0 {
			posID, err = s.sendTableOrder(ctx, orders, p, lines)
		} else {
			posID, err = orders.CreateOrder(ctx, order)
		}
	}
	now := s.DB.Now()
	if err != nil {
		attempts := p.PosIntentos + 1
		s.Log.WarnContext(ctx, "order not created in the POS: will retry", "pedido_id", id, "attempt", attempts, "err", err)
		msg := posErrorText(err)
		werr := changeWithEvent(ctx, s.DB, `UPDATE pedidos SET pos_estado = 'error', pos_intentos = ?, pos_error = ?, pos_siguiente_at = ?
				WHERE id = ? AND pos_estado IN ('pendiente', 'error')`, []any{attempts, msg, now.Add(posBackoff(attempts)).Unix(), id}, p.ClienteID, id, "pos")
		if werr != nil {
			return werr
		}
		s.changed()
		return err
	}
	err = changeWithEvent(ctx, s.DB, `UPDATE pedidos SET pos_estado = CASE WHEN estado = 'cancelado' THEN 'anular' ELSE 'creado' END,
			pos_order_id = ?, pos_error = '', pos_intentos = pos_intentos + 1, pos_siguiente_at = 0
			WHERE id = ?`, []any{posID, id}, p.ClienteID, id, "pos")
	if err == nil {
		s.changed()
	}
	return err
}

// RemoveFromPOS deletes from their POS the orders cancelled after they
// were sent to it (or while: an order whose id Carta does not know is
// looked up by its reference). A failure is retried with the sends'
// back-off; a refusal is recorded (no_anulado) for the staff to delete the
// order in the POS. It returns how many orders left their POS.
func (s *Service) RemoveFromPOS(ctx context.Context) (int, error) {
	return s.eachDue(ctx, posToDelete, s.removeOne)
}

// removeOne deletes one cancelled order from the POS and records the
// outcome.
func (s *Service) removeOne(ctx context.Context, id int64) error {
	var clienteID int64
	var posID string
	var intentos int
	if err := s.DB.QueryRow(ctx, `SELECT cliente_id, pos_order_id, pos_intentos FROM pedidos WHERE id = ? AND pos_estado = 'anular'`, id).
		Scan(&clienteID, &posID, &intentos); err != nil {
		return err
	}
	r, err := s.anyRestaurant(ctx, clienteID)
	if err != nil {
		return err
	}
	orders, err := s.POS(r.conn)
	if err == nil {
		if tabs, ok := orders.(pos.Tabs); ok && isTableOrder(ctx, s.DB, id) {
			// A table's order is a batch of lines on its tab's POS order.
			if posID != "" {
				err = tabs.RemoveLines(ctx, posID, orderRef(id))
			}
		} else {
			err = orders.DeleteOrder(ctx, posID, orderRef(id))
		}
	}
	// Done only if no send recorded an order id meanwhile (one that landed
	// after the lookup by reference): then the next pass deletes that one.
	q, args := `UPDATE pedidos SET pos_estado = 'anulado', pos_error = '' WHERE id = ? AND pos_estado = 'anular' AND pos_order_id = ?`, []any{id, posID}
	if err != nil {
		s.Log.WarnContext(ctx, "cancelled order not deleted from the POS", "pedido_id", id, "attempt", intentos+1, "err", err)
		msg := posErrorText(err)
		q, args = `UPDATE pedidos SET pos_intentos = ?, pos_error = ?, pos_siguiente_at = ? WHERE id = ? AND pos_estado = 'anular'`,
			[]any{intentos + 1, msg, s.DB.Now().Add(posBackoff(intentos + 1)).Unix(), id}
		if errors.Is(err, pos.ErrRejected) {
			q = `UPDATE pedidos SET pos_estado = 'no_anulado', pos_intentos = ?, pos_error = ?, pos_siguiente_at = ? WHERE id = ? AND pos_estado = 'anular'`
		}
	}
	werr := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		res, err := tx.Exec(ctx, q, args...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // a sender recorded its order meanwhile: the next pass deletes it
		}
		return addEvent(ctx, tx, clienteID, id, "pos")
	})
	if werr != nil {
		return werr
	}
	s.changed()
	return err
}

// sendQueue is how many just-paid orders wait for this replica's sender;
// past it an order waits for the job (after its claim ends).
const sendQueue = 4096

// sends reports whether this replica sends paid orders to the POS as soon
// as they are paid (its job is running): the payment's transaction then
// claims the order, saving the job a write.
func (s *Service) sends() bool { return s.sending.Load() }

// sendNow hands a just-paid order to the sender (or the job).
func (s *Service) sendNow(id int64) { s.sendPaid(posSend{id: id}) }

// posSend is an order for the POS senders: its id, and the order as the
// transaction that made it due left it, when the caller has it (the
// sender then does not read it again).
type posSend struct {
	id int64
	p  *Pedido
}

// sendPaid hands an order to the POS senders (see sendNow).
func (s *Service) sendPaid(o posSend) {
	if !s.sends() {
		s.kickPOS()
		return
	}
	select {
	case s.queue() <- o:
	default:
		// Full: the job sends it once its claim ends.
		s.Log.Warn("POS sender queue full: the order waits for the job", "pedido_id", o.id)
	}
}

func (s *Service) queue() chan posSend {
	s.queueOnce.Do(func() { s.sendq = make(chan posSend, sendQueue) })
	return s.sendq
}

// kickPOS wakes the job to send due orders now.
func (s *Service) kickPOS() {
	select {
	case s.kicks() <- struct{}{}:
	default:
	}
}

// Run runs the ordering job every interval until ctx ends, and sends each
// order to the POS as soon as it is paid (posSenders at a time).
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	q := s.queue()
	// Run returns once the senders have ended too (the server's shutdown
	// waits for it before the database closes).
	var senders sync.WaitGroup
	defer senders.Wait()
	for range posSenders {
		senders.Go(func() {
			for {
				select {
				case <-ctx.Done():
					return
				case o := <-q:
					sctx, done := s.Metrics.Job(ctx, "pos_order")
					err := s.send(sctx, o)
					done(err)
					if err != nil && ctx.Err() == nil {
						s.Log.DebugContext(sctx, "POS send failed: retried by the job", "pedido_id", o.id, "err", err)
					}
				}
			}
		})
	}
	s.sending.Store(true)
	defer s.sending.Store(false)
	jobs.Every(ctx, "ordering", interval, s.RunOnce, jobs.Measured(s.Metrics), jobs.Kicked(s.kicks()))
}

// RunOnce does one pass of the job; it returns the first of its steps'
// errors (each is logged).
func (s *Service) RunOnce(ctx context.Context) error {
	var first error
	note := func(err error) bool {
		if err != nil && first == nil {
			first = err
		}
		return err != nil && ctx.Err() == nil
	}
	if n, err := s.ExpirePending(ctx); note(err) {
		s.Log.WarnContext(ctx, "expire unpaid orders", "err", err)
	} else if n > 0 {
		s.Log.InfoContext(ctx, "released the slots of unpaid orders", "count", n)
	}
	pctx, done := s.Metrics.Job(ctx, "pos_order_retry")
	_, err := s.SendToPOS(pctx)
	done(err)
	if note(err) {
		s.Log.WarnContext(ctx, "send orders to the POS", "err", err)
	}
	if _, err := s.SendTabPayments(ctx); note(err) {
		s.Log.WarnContext(ctx, "record tab payments in the POS", "err", err)
	}
	dctx, done := s.Metrics.Job(ctx, "pos_order_delete")
	_, err = s.RemoveFromPOS(dctx)
	done(err)
	if note(err) {
		s.Log.WarnContext(ctx, "delete cancelled orders from the POS", "err", err)
	}
	if s.Menu != nil {
		if _, err := s.Menu.ClearSoldOut(ctx); note(err) {
			s.Log.WarnContext(ctx, "end sold out today", "err", err)
		}
	}
	if _, err := s.DB.Exec(ctx, `DELETE FROM pedido_eventos WHERE created_at < ?`, s.DB.Now().Add(-48*time.Hour).Unix()); note(err) {
		s.Log.WarnContext(ctx, "prune the order feed", "err", err)
	}
	return first
}
