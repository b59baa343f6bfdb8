// Package refunds gives payments back through the provider that took them: a cancelled order's
// (ordering) and a coupon purchase's that could not be honoured (offers). It owns the refund's
// life — recorded before the provider is called, in the transaction that decided it; called after
// that commits; its outcome recorded and handed to the kind's handler in one transaction; retried
// by a job with the same idempotency key when the provider did not answer — and the manual mark
// that stays for payments the provider cannot refund. It knows payments only by kind and id, so
// the one checkout domain can take it over whole.
package refunds

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"carta/internal/apperr"
	"carta/internal/checkout"
	"carta/internal/clientes"
	"carta/internal/jobs"
	"carta/internal/metrics"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Kinds of payment refunded.
const (
	Pedido = "pedido" // a cancelled online order
	Compra = "compra" // a coupon purchase paid after its offer sold out
	Cuenta = "cuenta" // the part of a table's tab payment owed back (a late payment, an order cancelled after it was paid)
)

// States of a refund.
const (
	Pendiente   = "pendiente"   // to ask the provider, or asked without a final answer yet
	Reembolsado = "reembolsado" // given back (by the provider, or by hand: Manual)
	Fallido     = "fallido"     // not given back: Code and Reason say why
)

// Codes of a failed refund, in Carta's words (the provider's are in Reason).
const (
	CodeRefused  = "rechazado"     // the provider refused the refund
	CodeFailed   = "fallido"       // the provider accepted it, then reported it failed
	CodeAccess   = "acceso"        // the provider refused the restaurant's credentials
	CodeNoAnswer = "sin_respuesta" // the provider did not answer after MaxAttempts
)

// Why the provider cannot refund a payment (Status.SinAutomatico); the manual mark stays.
const (
	NoPayment     = "sin_pago"       // no payment id was recorded for it
	OtherProvider = "otro_proveedor" // a provider the restaurant no longer uses took it
	NoProvider    = "sin_proveedor"  // the restaurant has no payment provider connected
	Reconnect     = "reconectar"     // the restaurant's connection must be made again
	NotSupported  = "no_disponible"  // this server cannot refund through that provider
)

// ProviderManual is the provider recorded for a refund marked by hand.
const ProviderManual = "manual"

// MaxAttempts is how many times a refund the provider did not answer is asked (with its key)
// before it shows as failed; 'Reintentar' asks again with the same key.
const MaxAttempts = 6

// lease is how long a claimed refund is left to its claimer before the job asks again.
const lease = 2 * time.Minute

// CallTimeout bounds the provider call made right after a refund is recorded (the staff's
// request waits for it); a refund not answered by then is the job's, with the same key.
const CallTimeout = 20 * time.Second

// backoff is the wait after the n-th unanswered attempt (1-based): 1, 2, 4 … minutes, at most
// an hour (a refund answered pending is read again on the same schedule).
func backoff(n int) time.Duration {
	return min(time.Minute<<min(max(n-1, 0), 10), time.Hour)
}

// Errors staff see.
var (
	ErrInFlight = apperr.E(apperr.Conflict, "Hay un reembolso en curso con el proveedor de pagos: espera su resultado.",
		"A refund is under way with the payment provider: wait for its outcome.")
	ErrNothingLeft = apperr.E(apperr.Conflict, "Este pago ya está reembolsado por completo.", "This payment is already refunded in full.")
	ErrTooMuch     = apperr.E(apperr.Invalid, "El monto supera lo que queda por reembolsar de este pago.",
		"The amount is more than what is left to refund of this payment.")
	errCannot = map[string]*apperr.Error{
		NoPayment: apperr.E(apperr.Conflict, "No hay un pago registrado que el proveedor pueda reembolsar: reembólsalo en tu proveedor de pagos y márcalo como reembolsado.",
			"No payment the provider could refund was recorded: refund it in your payment provider and mark it as refunded."),
		OtherProvider: apperr.E(apperr.Conflict, "Este pago lo cobró otro proveedor de pagos: reembólsalo allí y márcalo como reembolsado.",
			"Another payment provider took this payment: refund it there and mark it as refunded."),
		NoProvider: apperr.E(apperr.Conflict, "El restaurante no tiene un proveedor de pagos conectado: reembolsa el pago a mano y márcalo como reembolsado.",
			"The restaurant has no payment provider connected: refund the payment by hand and mark it as refunded."),
		Reconnect: apperr.E(apperr.Conflict, "La conexión con Clover debe hacerse de nuevo antes de reembolsar desde Carta; mientras, reembolsa en Clover y márcalo como reembolsado.",
			"The Clover connection must be made again before refunding from Carta; meanwhile refund in Clover and mark it as refunded."),
		NotSupported: apperr.E(apperr.Conflict, "Este proveedor de pagos no reembolsa desde Carta: reembolsa en su panel y márcalo como reembolsado.",
			"This payment provider does not refund from Carta: refund in its dashboard and mark it as refunded."),
	}
)

// ErrCannot is the error that says why the provider cannot refund (a code of Can).
func ErrCannot(reason string) error {
	if e, ok := errCannot[reason]; ok {
		return e
	}
	return errCannot[NotSupported]
}

// Refund is one refund asked of the provider (or recorded by hand).
type Refund struct {
	ID, ClienteID int64
	Kind          string
	ObjectID      int64
	PaymentID     string
	Provider      string // the restaurant's provider when it was recorded, or ProviderManual
	Amount        int64  // cents
	Currency      string
	Key           string // the idempotency key every call for it sends
	Estado        string
	ProviderID    string // the provider's refund id
	Code, Reason  string // why it failed: Carta's code, the provider's words
	Final         bool   // the provider refused: a new attempt needs a new key
	Attempts      int
	NextAt        int64
	CreatedAt     int64
	UpdatedAt     int64
	RefundedAt    int64
}

// Handler is told, inside the transaction that records a refund's outcome, that a refund of its
// kind changed: it marks its payment refunded, tells the diner, and so on. It runs last.
type Handler func(ctx context.Context, tx *store.Tx, r Refund) error

// Service runs refunds.
type Service struct {
	DB *store.DB
	// Provider opens a restaurant's refunds: its provider's Refunder, or checkout.ErrNoRefunds.
	Provider func(conn clientes.POSConnection) (checkout.Refunder, error)
	Log      *slog.Logger
	// Metrics counts the job's passes; nil records nothing.
	Metrics *metrics.Metrics

	mu       sync.Mutex
	handlers map[string]Handler
	after    map[string]func()
	listers  []lister
}

// Handle registers what a kind does when one of its refunds changes: h in the outcome's
// transaction, then committed (may be nil) after it commits.
func (s *Service) Handle(kind string, h Handler, committed func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.handlers == nil {
		s.handlers, s.after = map[string]Handler{}, map[string]func(){}
	}
	s.handlers[kind], s.after[kind] = h, committed
}

func (s *Service) handler(kind string) (Handler, func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.handlers[kind], s.after[kind]
}

func (s *Service) log() *slog.Logger {
	if s.Log == nil {
		return slog.Default()
	}
	return s.Log
}

// Can says whether the restaurant's provider can refund a payment through Carta: "" when it can,
// else why not (NoPayment, OtherProvider, NoProvider, Reconnect, NotSupported). A nil Service
// refunds nothing.
func (s *Service) Can(conn clientes.POSConnection, paymentID string) string {
	demoPayment := strings.HasPrefix(paymentID, "demo_pay_")
	switch {
	case paymentID == "":
		return NoPayment
	case conn.Provider == "":
		return NoProvider
	case (conn.Provider == "demo") != demoPayment:
		return OtherProvider
	case conn.Reconnect:
		return Reconnect
	case s == nil || s.Provider == nil:
		return NotSupported
	}
	if _, err := s.Provider(conn); err != nil {
		return NotSupported
	}
	return ""
}

// Owed is a payment to give back, as the kind that took it knows it.
type Owed struct {
	Kind      string
	ObjectID  int64
	ClienteID int64
	PaymentID string
	Provider  string // the restaurant's provider now
	// Paid is what may be given back of the payment in all, in cents: what it took, or for a
	// payment owed back only in part (a tab payment's), that part.
	Paid     int64
	Amount   int64 // what to give back now (at most what is left)
	Currency string
}

const cols = `id, cliente_id, tipo, objeto_id, payment_id, proveedor, monto, moneda, clave, estado, proveedor_id, codigo, motivo,
	definitivo, intentos, siguiente_at, created_at, updated_at, reembolsado_at`

var scan = store.Collect(func(row store.Scanner) (r Refund, err error) {
	var final int
	err = row.Scan(&r.ID, &r.ClienteID, &r.Kind, &r.ObjectID, &r.PaymentID, &r.Provider, &r.Amount, &r.Currency, &r.Key, &r.Estado,
		&r.ProviderID, &r.Code, &r.Reason, &final, &r.Attempts, &r.NextAt, &r.CreatedAt, &r.UpdatedAt, &r.RefundedAt)
	r.Final = final == 1
	return r, err
})

// Of lists the refunds of one payment, oldest first.
func Of(ctx context.Context, q store.Querier, kind string, objectID int64) ([]Refund, error) {
	return scan(q.Query(ctx, `SELECT `+cols+` FROM reembolsos WHERE tipo = ? AND objeto_id = ? ORDER BY id`, kind, objectID))
}

// Get reads one refund.
func Get(ctx context.Context, q store.Querier, id int64) (Refund, error) {
	rs, err := scan(q.Query(ctx, `SELECT `+cols+` FROM reembolsos WHERE id = ?`, id))
	if err != nil {
		return Refund{}, err
	}
	if len(rs) == 0 {
		return Refund{}, store.ErrNotFound
	}
	return rs[0], nil
}

// left is what is left to give back of a payment that took paid, given its refunds: a refund
// in flight counts as given.
func left(paid int64, rs []Refund) int64 {
	return max(paid-Given(rs), 0)
}

// Given is what a payment's refunds gave back or are giving back (every one
// but those that failed), in cents.
func Given(rs []Refund) int64 {
	var n int64
	for _, r := range rs {
		if r.Estado != Fallido {
			n += r.Amount
		}
	}
	return n
}

// Start records the refund of o in tx — the caller's transaction, which holds o's payment locked
// (its row updated or read FOR UPDATE) so two starts of one payment run one after the other — and
// returns it; the caller hands it to Process once tx commits. A refund of the payment already in
// flight is returned as it is (two clicks make one refund). A failure the provider did not answer
// is asked again under its own key; one it refused gets a new row and a new key. The amount never
// exceeds what is left: ErrNothingLeft, ErrTooMuch.
func (s *Service) Start(ctx context.Context, tx *store.Tx, o Owed) (Refund, error) {
	rs, err := Of(ctx, tx, o.Kind, o.ObjectID)
	if err != nil {
		return Refund{}, err
	}
	for _, r := range rs {
		if r.Estado == Pendiente {
			return r, nil
		}
	}
	rest := left(o.Paid, rs)
	switch {
	case rest <= 0:
		return Refund{}, ErrNothingLeft
	case o.Amount <= 0 || o.Amount > rest:
		return Refund{}, ErrTooMuch
	}
	now := tx.NowUnix()
	if n := len(rs); n > 0 {
		last := rs[n-1]
		if last.Estado == Fallido && !last.Final && last.Amount == o.Amount && last.Provider == o.Provider {
			// The provider never answered this one: it may have refunded, so only its key may ask.
			if _, err := tx.Exec(ctx, `UPDATE reembolsos SET estado = 'pendiente', codigo = '', motivo = '', intentos = 0, siguiente_at = 0, updated_at = ?
				WHERE id = ? AND estado = 'fallido'`, now, last.ID); err != nil {
				return Refund{}, err
			}
			return Get(ctx, tx, last.ID)
		}
	}
	key := fmt.Sprintf("carta-reembolso-%s-%d-%d", o.Kind, o.ObjectID, len(rs)+1)
	id, err := store.InsertID(ctx, tx, `INSERT INTO reembolsos (cliente_id, tipo, objeto_id, payment_id, proveedor, monto, moneda, clave, estado,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pendiente', ?, ?)`,
		o.ClienteID, o.Kind, o.ObjectID, o.PaymentID, o.Provider, o.Amount, o.Currency, key, now, now)
	if err != nil {
		return Refund{}, err
	}
	return Get(ctx, tx, id)
}

// MarkManual records in tx (holding o's payment locked, as for Start) that what is left of the
// payment was given back by hand. A refund in flight with the provider refuses it (ErrInFlight):
// marking it would risk giving the money back twice.
func (s *Service) MarkManual(ctx context.Context, tx *store.Tx, o Owed) (Refund, error) {
	rs, err := Of(ctx, tx, o.Kind, o.ObjectID)
	if err != nil {
		return Refund{}, err
	}
	for _, r := range rs {
		if r.Estado == Pendiente {
			return Refund{}, ErrInFlight
		}
	}
	rest := left(o.Paid, rs)
	if rest <= 0 {
		return Refund{}, ErrNothingLeft
	}
	now := tx.NowUnix()
	key := fmt.Sprintf("carta-reembolso-%s-%d-%d-manual", o.Kind, o.ObjectID, len(rs)+1)
	id, err := store.InsertID(ctx, tx, `INSERT INTO reembolsos (cliente_id, tipo, objeto_id, payment_id, proveedor, monto, moneda, clave, estado,
		created_at, updated_at, reembolsado_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'reembolsado', ?, ?, ?)`,
		o.ClienteID, o.Kind, o.ObjectID, o.PaymentID, ProviderManual, rest, o.Currency, key, now, now, now)
	if err != nil {
		return Refund{}, err
	}
	return Get(ctx, tx, id)
}

// After hands a refund just recorded to the provider once the caller's transaction committed,
// bounded by CallTimeout and detached from the caller's cancellation (a diner's or staff's
// request that ends must not leave a call half-recorded); a refund not settled by then is the
// job's. It returns the refund as it is afterwards; a failure is logged, not returned: the
// recorded refund is what callers show.
func (s *Service) After(ctx context.Context, id int64) Refund {
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), CallTimeout)
	defer cancel()
	r, err := s.Process(cctx, id)
	if err != nil {
		s.log().WarnContext(ctx, "refund: ask the provider", "reembolso_id", id, "err", err)
		if cur, gerr := Get(context.WithoutCancel(ctx), s.DB, id); gerr == nil {
			return cur
		}
	}
	return r
}

// Process asks the provider for a pending refund, if no one else is asking now, and records the
// outcome with the kind's handler in one transaction. It returns the refund as it is afterwards.
func (s *Service) Process(ctx context.Context, id int64) (Refund, error) {
	now := s.DB.NowUnix()
	res, err := s.DB.Exec(ctx, `UPDATE reembolsos SET siguiente_at = ? WHERE id = ? AND estado = 'pendiente' AND siguiente_at <= ?`,
		now+int64(lease/time.Second), id, now)
	if err != nil {
		return Refund{}, err
	}
	r, err := Get(ctx, s.DB, id)
	if err != nil {
		return r, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return r, nil // settled already, or another caller is asking now
	}
	// A call under this key may have reached the provider before (its answer lost): then a
	// failure that is not the provider's answer about this key cannot free a new key.
	asked := r.Attempts > 0 || r.ProviderID != ""
	conn, err := clientes.GetPOSConnection(ctx, s.DB, tenant.FromRecord(r.ClienteID))
	if err != nil {
		return r, errors.Join(err, s.release(ctx, r))
	}
	why := s.Can(conn, r.PaymentID)
	if why == "" && conn.Provider != r.Provider {
		why = OtherProvider
	}
	var refunder checkout.Refunder
	if why == "" {
		if refunder, err = s.Provider(conn); err != nil {
			why = NotSupported
		}
	}
	if why != "" {
		return s.settle(ctx, r, outcome{estado: Fallido, code: why, final: !asked})
	}
	var got checkout.Refund
	if r.ProviderID != "" {
		got, err = refunder.GetRefund(ctx, r.ProviderID)
	} else {
		got, err = refunder.Refund(ctx, checkout.RefundRequest{Charge: r.PaymentID, Amount: r.Amount, IdempotencyKey: r.Key})
	}
	o := classify(got, err, r.Attempts+1)
	if o.code == CodeAccess && asked {
		o.final = false // refused before the provider looked at the key
	}
	if o.estado == Pendiente && err != nil {
		s.log().WarnContext(ctx, "refund: the provider did not answer", "reembolso_id", r.ID, "attempt", r.Attempts+1, "err", err)
	}
	return s.settle(ctx, r, o)
}

// release gives a claimed refund back to the job at once (the claimer could not even start).
func (s *Service) release(ctx context.Context, r Refund) error {
	_, err := s.DB.Exec(ctx, `UPDATE reembolsos SET siguiente_at = ? WHERE id = ? AND estado = 'pendiente'`, s.DB.NowUnix(), r.ID)
	return err
}

type outcome struct {
	estado, providerID, code, reason string
	final                            bool
}

// classify turns a provider's answer into the refund's next state. Only an answer that shows the
// provider gave nothing back fails a refund for good (final: a new attempt may use a new key);
// anything else (no answer, a time-out, an error of ours) leaves it pending under its key, until
// MaxAttempts, and then failed but not final (a new attempt asks under the same key).
func classify(got checkout.Refund, err error, attempt int) outcome {
	switch {
	case err == nil && got.Status == checkout.RefundSucceeded:
		return outcome{estado: Reembolsado, providerID: got.ID}
	case err == nil && got.Status == checkout.RefundFailed:
		return outcome{estado: Fallido, providerID: got.ID, code: CodeFailed, reason: got.Reason, final: true}
	case err == nil: // pending: read again later
		return outcome{estado: Pendiente, providerID: got.ID}
	case errors.Is(err, checkout.ErrUnauthorized):
		return outcome{estado: Fallido, code: CodeAccess, reason: reasonOf(err), final: true}
	case errors.Is(err, checkout.ErrRejected), errors.Is(err, checkout.ErrInvalid):
		return outcome{estado: Fallido, code: CodeRefused, reason: reasonOf(err), final: true}
	case attempt >= MaxAttempts:
		return outcome{estado: Fallido, code: CodeNoAnswer, reason: reasonOf(err)}
	}
	return outcome{estado: Pendiente, reason: reasonOf(err)}
}

// reasonOf is the provider's words in err, or the error itself, shortened.
func reasonOf(err error) string {
	s := checkout.Reason(err)
	if s == "" {
		s = err.Error()
	}
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// settle records an outcome and, in the same transaction, hands the refund to its kind.
func (s *Service) settle(ctx context.Context, r Refund, o outcome) (Refund, error) {
	h, committed := s.handler(r.Kind)
	var out Refund
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		now := tx.NowUnix()
		var err error
		switch o.estado {
		case Reembolsado:
			_, err = tx.Exec(ctx, `UPDATE reembolsos SET estado = 'reembolsado', proveedor_id = ?, codigo = '', motivo = '', intentos = intentos + 1,
				updated_at = ?, reembolsado_at = ? WHERE id = ? AND estado = 'pendiente'`, o.providerID, now, now, r.ID)
		case Fallido:
			final := 0
			if o.final {
				final = 1
			}
			_, err = tx.Exec(ctx, `UPDATE reembolsos SET estado = 'fallido', proveedor_id = CASE WHEN ? <> '' THEN ? ELSE proveedor_id END,
				codigo = ?, motivo = ?, definitivo = ?, intentos = intentos + 1, updated_at = ? WHERE id = ? AND estado = 'pendiente'`,
				o.providerID, o.providerID, o.code, o.reason, final, now, r.ID)
		default:
			next := now + int64(backoff(r.Attempts+1)/time.Second)
			_, err = tx.Exec(ctx, `UPDATE reembolsos SET proveedor_id = CASE WHEN ? <> '' THEN ? ELSE proveedor_id END, motivo = ?,
				intentos = intentos + 1, siguiente_at = ?, updated_at = ? WHERE id = ? AND estado = 'pendiente'`,
				o.providerID, o.providerID, o.reason, next, now, r.ID)
		}
		if err != nil {
			return err
		}
		if out, err = Get(ctx, tx, r.ID); err != nil || h == nil {
			return err
		}
		return h(ctx, tx, out)
	})
	if err != nil {
		return r, err
	}
	if out.Estado == Fallido {
		s.log().WarnContext(ctx, "refund failed", "reembolso_id", out.ID, "tipo", out.Kind, "objeto_id", out.ObjectID, "codigo", out.Code, "motivo", out.Reason)
	}
	if committed != nil {
		committed()
	}
	return out, nil
}

// ProcessDue asks the provider for the refunds due now (left by a crash, a time-out, an answer
// pending), a few at a time, and returns how many it settled.
func (s *Service) ProcessDue(ctx context.Context) (int, error) {
	ids, err := dueIDs(ctx, s.DB, 20)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		r, err := s.Process(ctx, id)
		if err != nil {
			return n, err
		}
		if r.Estado != Pendiente {
			n++
		}
	}
	return n, nil
}

func dueIDs(ctx context.Context, q store.Querier, limit int) ([]int64, error) {
	return store.Int64s(q.Query(ctx, `SELECT id FROM reembolsos WHERE estado = 'pendiente' AND siguiente_at <= ? ORDER BY siguiente_at, id LIMIT ?`, q.NowUnix(), limit))
}

// CountPending counts the refunds not settled yet (a queue's depth).
func CountPending(ctx context.Context, q store.Querier) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM reembolsos WHERE estado = 'pendiente'`).Scan(&n)
	return n, err
}

// Run asks for the due refunds every interval until ctx ends.
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	jobs.Every(ctx, "refunds", interval, func(pctx context.Context) error {
		_, err := s.ProcessDue(pctx)
		if err != nil && ctx.Err() == nil {
			s.log().WarnContext(pctx, "process refunds", "err", err)
		}
		return err
	}, jobs.Measured(s.Metrics))
}
