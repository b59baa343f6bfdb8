package ordering

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/audit"
	"carta/internal/checkout"
	"carta/internal/locale"
	"carta/internal/menu"
	"carta/internal/money"
	"carta/internal/notify"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Paying a tab: everything that is left, one share of an even split, or
// chosen lines, each through the restaurant's hosted checkout for exactly
// the server's amount plus the tip the diner chose; or a part paid at the
// table in cash or on the restaurant's terminal, recorded by staff. Every
// change to one tab's payments runs under the tab's row lock, and each line
// and share is held by one payment at a time (partial unique indexes), so
// two phones paying the same thing at once never both succeed.

// TabKind is the checkout kind of tab payments.
const TabKind = "cuenta"

// Payment modes and methods.
const (
	PagoTodo   = "todo"
	PagoPartes = "partes"
	PagoLineas = "lineas"
	PagoMesa   = "mesa"
)

// MaxShares is the most diners a tab splits between.
const MaxShares = 20

// Tab payment errors.
var (
	ErrPayMode     = apperr.E(apperr.Invalid, "Elige cómo pagar: todo, en partes iguales o por productos.", "Choose how to pay: everything, in equal shares or by items.")
	ErrShares      = apperr.E(apperr.Invalid, fmt.Sprintf("Divide la cuenta entre 2 y %d personas.", MaxShares), fmt.Sprintf("Split the tab between 2 and %d people.", MaxShares))
	ErrNoLines     = apperr.E(apperr.Invalid, "Elige al menos un producto para pagar.", "Choose at least one item to pay.")
	ErrTipChoice   = apperr.E(apperr.Invalid, "Elige una propina o «Sin propina».", "Choose a tip or “No tip”.")
	ErrTipBad      = apperr.E(apperr.Invalid, "Esa propina no es una de las que ofrece el restaurante.", "That tip is not one the restaurant offers.")
	ErrTipTooBig   = apperr.E(apperr.Invalid, "La propina no puede ser mayor que lo que pagas.", "The tip cannot be more than what you pay.")
	ErrLinesLocked = apperr.E(apperr.Conflict, "La cuenta ya se está pagando por importes: paga tu parte o el resto.", "The tab is already being paid by amounts: pay your share or the rest.")
	ErrPayNotFound = apperr.E(apperr.NotFound, "Pago no encontrado.", "Payment not found.")
	ErrPayDone     = apperr.E(apperr.Conflict, "Este pago ya no está en curso.", "This payment is no longer under way.")
	ErrPayMethod   = apperr.E(apperr.Invalid, "Elige efectivo o terminal.", "Choose cash or terminal.")
	ErrNothingLeft = apperr.E(apperr.Conflict, "No queda nada por pagar en esta cuenta.", "Nothing is left to pay on this tab.")
	ErrShareTaken  = apperr.E(apperr.Conflict, "Otra persona ya está pagando esa parte. Actualiza la cuenta.", "Someone else is already paying that share. Refresh the tab.")
	ErrPayAmount   = apperr.E(apperr.Invalid, "El importe debe ser mayor que cero y no más de lo que queda por pagar.", "The amount must be more than zero and no more than what is left to pay.")
)

// errLeft is a payment refused because what it asked for is taken: the
// diner is told what remains of tab v, in the restaurant's money format.
func errLeft(esWhat, enWhat string, v Tab) error {
	return apperr.E(apperr.Conflict,
		fmt.Sprintf("%s Quedan %s por pagar.", esWhat, money.Format(v.Restante, v.Moneda, locale.Tag(v.pais, "es"))),
		fmt.Sprintf("%s %s is left to pay.", enWhat, money.Format(v.Restante, v.Moneda, locale.Tag(v.pais, "en"))))
}

// TipChoice is the tip a diner chose: a percentage (0: 'Sin propina') or an
// amount ('Otra cantidad').
type TipChoice struct {
	Porcentaje *int   `json:"porcentaje"`
	Importe    *int64 `json:"importe"`
}

// PayInput is a diner's payment toward the tab.
type PayInput struct {
	Modo   string     `json:"modo"`
	Partes int        `json:"partes"`
	Lineas []string   `json:"lineas"`
	Tip    *TipChoice `json:"propina"`
	Idioma string     `json:"idioma"`
}

// PaymentStarted is a payment waiting for its hosted checkout.
type PaymentStarted struct {
	PagoID      int64  `json:"pago_id"`
	Token       string `json:"token"`
	CheckoutURL string `json:"checkout_url"`
	Importe     int64  `json:"importe"`
	Base        int64  `json:"base"`
	Propina     int64  `json:"propina"`
	Total       int64  `json:"total"`
	Moneda      string `json:"moneda"`
}

// tip is the tip a choice gives on base (the pre-tax part of importe).
func tip(c *TipChoice, settings TipSettings, base, importe int64) (int64, error) {
	if c == nil || (c.Porcentaje == nil && c.Importe == nil) {
		return 0, ErrTipChoice
	}
	if c.Importe != nil {
		switch {
		case *c.Importe < 0:
			return 0, ErrTipBad
		case *c.Importe > 0 && !settings.Activo:
			return 0, ErrTipBad
		case *c.Importe > importe:
			return 0, ErrTipTooBig
		}
		return *c.Importe, nil
	}
	p := *c.Porcentaje
	if p == 0 {
		return 0, nil
	}
	if !settings.Activo || !containsInt(settings.Porcentajes, p) {
		return 0, ErrTipBad
	}
	return tipFor(base, p), nil
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// newPayment is a payment about to be stored.
type newPayment struct {
	Modo, Metodo          string
	Parte                 int
	Importe, Base, Tip    int64
	Lines                 []string
	Estado                string
	Staff                 *int64
	Idioma, Token, Moneda string
	ExpiresAt             int64
}

func insertPayment(ctx context.Context, tx *store.Tx, c tabRow, p newPayment) (int64, error) {
	now := tx.NowUnix()
	var paidAt int64
	posEstado := ""
	if p.Estado == "pagado" {
		paidAt, posEstado = now, POSPendiente
	}
	id, err := store.InsertID(ctx, tx, `INSERT INTO cuenta_pagos (cuenta_id, cliente_id, token, modo, metodo, parte, importe, base, propina, moneda, estado, idioma,
			expires_at, registrado_por, pos_estado, created_at, paid_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.ClienteID, p.Token, p.Modo, p.Metodo, p.Parte, p.Importe, p.Base, p.Tip, p.Moneda, p.Estado, p.Idioma, p.ExpiresAt, p.Staff, posEstado, now, paidAt, now)
	if err != nil {
		if store.IsUniqueViolation(err) {
			return 0, ErrShareTaken
		}
		return 0, err
	}
	if len(p.Lines) == 0 {
		return id, nil
	}
	// The lines it holds, in one statement.
	var q strings.Builder
	q.WriteString(`INSERT INTO cuenta_pago_lineas (pago_id, cuenta_id, pedido_id, posicion) VALUES `)
	args := make([]any, 0, 4*len(p.Lines))
	for i, l := range p.Lines {
		pid, pos, _ := strings.Cut(l, "-")
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(?, ?, ?, ?)")
		args = append(args, id, c.ID, pid, pos)
	}
	_, err = tx.Exec(ctx, q.String(), args...)
	return id, err
}

// StartTabPayment starts a diner's payment toward the tab (its token): it
// holds what it covers (the lines, the share) and opens the restaurant's
// hosted checkout for exactly importe + tip.
func (s *Service) StartTabPayment(ctx context.Context, id int64, token string, in PayInput) (PaymentStarted, error) {
	c, err := dinersTab(ctx, s.DB, id, token)
	if err != nil {
		return PaymentStarted{}, err
	}
	r, err := s.anyRestaurant(ctx, c.ClienteID)
	if err != nil {
		return PaymentStarted{}, err
	}
	lang := menu.Lang(in.Idioma)
	payToken, err := newToken()
	if err != nil {
		return PaymentStarted{}, err
	}
	// The restaurant's part of the view (its name, currency, tips) is read
	// before the transaction, not while every other write waits for it: a
	// change the owner saves in between is one saved just after this
	// payment began.
	place, err := placeOf(ctx, s.DB, c.ClienteID, nil)
	if err != nil {
		return PaymentStarted{}, err
	}
	var (
		out  = PaymentStarted{Token: payToken, Moneda: r.moneda}
		desc string
	)
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		c, err := lockTab(ctx, tx, id)
		if err != nil {
			return err
		}
		switch c.Estado {
		case TabPorAceptar:
			return ErrTabWaiting
		case TabAbierta:
		default:
			return ErrTabClosed
		}
		v, err := s.tabViewAt(ctx, tx, c, true, place)
		if err != nil {
			return err
		}
		if v.Restante <= 0 {
			return ErrNothingLeft
		}
		p := newPayment{Modo: in.Modo, Metodo: "tarjeta", Estado: EstadoPendientePago, Idioma: lang, Token: payToken, Moneda: v.Moneda,
			ExpiresAt: s.DB.Now().Add(HoldTime).Unix()}
		switch in.Modo {
		case PagoTodo:
			p.Importe = v.Restante
			p.Base = max(0, v.Subtotal-v.activeBase)
			for lid, l := range v.lines {
				if l.EstadoPago == "libre" {
					p.Lines = append(p.Lines, lid)
				}
			}
			desc = tabDescription(lang, v.Mesa, "")
		case PagoPartes:
			n := c.Partes
			if n == 0 {
				if in.Partes < 2 || in.Partes > MaxShares {
					return ErrShares
				}
				n = in.Partes
				if _, err := tx.Exec(ctx, `UPDATE cuentas SET partes = ?, partes_base = ?, version = version + 1 WHERE id = ?`, n, v.Restante, c.ID); err != nil {
					return err
				}
				c.Partes, c.PartesBase = n, v.Restante
			}
			k := v.nextShare(n)
			if k == 0 {
				return errLeft("Ya se pagaron o se están pagando todas las partes; quien quiera puede pagar el resto.", "Every share is paid or being paid; anyone can pay the rest.", v)
			}
			p.Parte = k
			p.Importe = min(share(c.PartesBase, n, k), v.Restante)
			p.Base = preTax(p.Importe, v.Subtotal, v.Total)
			desc = tabDescription(lang, v.Mesa, fmt.Sprintf("%d/%d", k, n))
		case PagoLineas:
			if len(in.Lineas) == 0 || len(in.Lineas) > MaxLines*10 {
				return ErrNoLines
			}
			if v.amountPaid {
				return ErrLinesLocked
			}
			seen := map[string]bool{}
			for _, lid := range in.Lineas {
				l, ok := v.lines[lid]
				if !ok || seen[lid] {
					return ErrNoLines
				}
				seen[lid] = true
				if l.EstadoPago != "libre" {
					return errLeft(fmt.Sprintf("Alguien ya está pagando o pagó «%s».", l.Nombre), fmt.Sprintf("Someone is already paying or paid “%s”.", l.Nombre), v)
				}
				p.Importe += l.Importe
				p.Base += l.Importe - l.Impuestos
				p.Lines = append(p.Lines, lid)
			}
			desc = tabDescription(lang, v.Mesa, "")
		default:
			return ErrPayMode
		}
		if p.Importe <= 0 {
			return ErrNothingLeft
		}
		if p.Tip, err = tip(in.Tip, v.Propinas, p.Base, p.Importe); err != nil {
			return err
		}
		if out.PagoID, err = insertPayment(ctx, tx, c, p); err != nil {
			return err
		}
		out.Importe, out.Base, out.Propina, out.Total = p.Importe, p.Base, p.Tip, p.Importe+p.Tip
		return addEvent(ctx, tx, c.ClienteID, 0, "cuenta")
	})
	if err != nil {
		return PaymentStarted{}, err
	}
	s.changed()
	provider, err := s.Checkout(r.conn)
	if err != nil {
		s.endPayment(ctx, out.PagoID, "fallido")
		return PaymentStarted{}, err
	}
	access := TabAccess{ID: c.ID, Token: c.Token}
	req := checkout.Request{MerchantID: r.conn.Merchant, Token: r.conn.Token, Reference: paymentRef(out.PagoID), Currency: r.moneda,
		LineItems: []checkout.LineItem{{Name: desc, Price: out.Importe, Quantity: 1}}}
	if req.MerchantID == "" {
		req.MerchantID, req.Token = "demo", "demo"
	}
	if out.Propina > 0 {
		req.LineItems = append(req.LineItems, checkout.LineItem{Name: map[string]string{"es": "Propina", "en": "Tip"}[lang], Price: out.Propina, Quantity: 1})
	}
	req.SuccessURL = s.receiptURL(c.ClienteID, access, out.PagoID, payToken)
	req.FailureURL = fmt.Sprintf("%s&cancelar=%d&p=%s", s.tabURL(c.ClienteID, access), out.PagoID, payToken)
	req.CancelURL = req.FailureURL
	sess, err := provider.Create(ctx, req)
	if err != nil {
		s.endPayment(ctx, out.PagoID, "fallido")
		return PaymentStarted{}, s.checkoutFailed(ctx, "tab payment", out.PagoID, err)
	}
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE cuenta_pagos SET checkout_session_id = ?, checkout_url = ? WHERE id = ?`, sess.ID, sess.URL, out.PagoID); err != nil {
			return err
		}
		return checkout.RecordSession(ctx, tx, checkout.SessionRecord{ID: sess.ID, Kind: TabKind, Ref: out.PagoID, Restaurant: c.ClienteID})
	})
	if err != nil {
		s.endPayment(ctx, out.PagoID, "fallido")
		return PaymentStarted{}, err
	}
	out.CheckoutURL = sess.URL
	return out, nil
}

func paymentRef(id int64) string { return "carta-pago-" + strconv.FormatInt(id, 10) }

// receiptURL is a tab payment's receipt page.
func (s *Service) receiptURL(clienteID int64, c TabAccess, pagoID int64, token string) string {
	return fmt.Sprintf("%s/cuenta/%d/pago/%d?p=%s&t=%s&menu=%d", s.BaseURL, c.ID, pagoID, token, c.Token, clienteID)
}

// tabDescription is what the checkout says a tab payment is.
func tabDescription(lang string, m TableRef, part string) string {
	name := m.Nombre
	if lang == "en" {
		if name == "" {
			name = "Table " + strconv.Itoa(m.Numero)
		}
		if part != "" {
			return name + " — tab (share " + part + ")"
		}
		return name + " — tab"
	}
	name = m.label()
	if part != "" {
		return name + " — cuenta (parte " + part + ")"
	}
	return name + " — cuenta"
}

// endPayment ends a payment still under way (fallido, expirado, cancelado)
// and frees what it held; it reports whether it did.
func (s *Service) endPayment(ctx context.Context, id int64, estado string) bool {
	ended := false
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		var err error
		ended, err = endPaymentTx(ctx, tx, id, estado)
		return err
	})
	if err != nil {
		s.Log.ErrorContext(ctx, "end tab payment", "pago_id", id, "err", err)
	}
	if ended {
		s.changed()
	}
	return ended && err == nil
}

func endPaymentTx(ctx context.Context, tx *store.Tx, id int64, estado string) (bool, error) {
	res, err := tx.Exec(ctx, `UPDATE cuenta_pagos SET estado = ?, updated_at = ? WHERE id = ? AND estado = 'pendiente_pago'`, estado, tx.NowUnix(), id)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return false, nil
	}
	if _, err := tx.Exec(ctx, `UPDATE cuenta_pago_lineas SET activa = 0 WHERE pago_id = ?`, id); err != nil {
		return false, err
	}
	var clienteID int64
	if err := tx.QueryRow(ctx, `SELECT cliente_id FROM cuenta_pagos WHERE id = ?`, id).Scan(&clienteID); err != nil {
		return false, err
	}
	return true, addEvent(ctx, tx, clienteID, 0, "cuenta")
}

// TabReceipt is a tab payment as the phone that made it sees it.
type TabReceipt struct {
	Pago               TabPayment `json:"pago"`
	CuentaID           int64      `json:"cuenta_id"`
	CuentaEstado       string     `json:"cuenta_estado"`
	Mesa               TableRef   `json:"mesa"`
	Restaurante        string     `json:"restaurante"`
	Moneda             string     `json:"moneda"`
	ImpuestosIncluidos bool       `json:"impuestos_incluidos"`
	Restante           int64      `json:"restante"`
}

// paymentOf reads a tab payment for the phone holding its token.
func paymentOf(ctx context.Context, q store.Querier, cuentaID, id int64, token string) (TabPayment, string, error) {
	var p TabPayment
	var tok string
	var cuenta int64
	err := q.QueryRow(ctx, `SELECT id, cuenta_id, token, modo, metodo, parte, importe, base, propina, estado, paid_at, reembolso FROM cuenta_pagos WHERE id = ?`, id).
		Scan(&p.ID, &cuenta, &tok, &p.Modo, &p.Metodo, &p.Parte, &p.Importe, &p.Base, &p.Propina, &p.Estado, &p.PaidAt, &p.Reembolso)
	if errors.Is(store.NotFound(err), store.ErrNotFound) || (err == nil && (cuenta != cuentaID || !tokenEqual(tok, token))) {
		return p, "", ErrPayNotFound
	}
	p.Total = p.Importe + p.Propina
	return p, tok, err
}

// Receipt is a tab payment's receipt (also after the tab closed).
func (s *Service) Receipt(ctx context.Context, cuentaID, id int64, token string) (TabReceipt, error) {
	p, _, err := paymentOf(ctx, s.DB, cuentaID, id, token)
	if err != nil {
		return TabReceipt{}, err
	}
	c, err := getTab(ctx, s.DB, cuentaID)
	if err != nil {
		return TabReceipt{}, err
	}
	v, err := s.tabView(ctx, s.DB, c, true)
	if err != nil {
		return TabReceipt{}, err
	}
	return TabReceipt{Pago: p, CuentaID: c.ID, CuentaEstado: c.Estado, Mesa: v.Mesa, Restaurante: v.Restaurante, Moneda: v.Moneda,
		ImpuestosIncluidos: v.ImpuestosIncluidos, Restante: v.Restante}, nil
}

// CancelTabPayment gives up a payment under way (the diner left the
// checkout): what it held is free again. A payment already paid stays.
func (s *Service) CancelTabPayment(ctx context.Context, cuentaID, id int64, token string) (TabReceipt, error) {
	p, _, err := paymentOf(ctx, s.DB, cuentaID, id, token)
	if err != nil {
		return TabReceipt{}, err
	}
	if p.Estado == EstadoPendientePago {
		s.endPayment(ctx, id, "cancelado")
	}
	return s.Receipt(ctx, cuentaID, id, token)
}

// RecordTablePayment is staff recording a part paid at the table in cash or
// on the restaurant's own terminal (who did it is kept, and the audit log
// has it by note).
func (s *Service) RecordTablePayment(ctx context.Context, t tenant.ID, id, staffID int64, metodo string, importe, propina int64,
	note func(context.Context, *store.Tx, string) error) (Tab, error) {
	if metodo != "efectivo" && metodo != "terminal" {
		return Tab{}, ErrPayMethod
	}
	if importe <= 0 || propina < 0 || propina > importe*10 {
		return Tab{}, ErrPayAmount
	}
	tok, err := newToken()
	if err != nil {
		return Tab{}, err
	}
	tab, err := s.staffChange(ctx, t, id, func(ctx context.Context, tx *store.Tx, c tabRow) error {
		if c.Estado != TabAbierta {
			if c.Estado == TabPorAceptar {
				return ErrTabWaiting
			}
			return ErrTabNotOpen
		}
		v, err := s.tabView(ctx, tx, c, false)
		if err != nil {
			return err
		}
		if importe > v.Restante {
			return ErrPayAmount
		}
		p := newPayment{Modo: PagoMesa, Metodo: metodo, Importe: importe, Base: preTax(importe, v.Subtotal, v.Total), Tip: propina, Estado: "pagado",
			Staff: nullID(staffID), Idioma: "es", Token: tok, Moneda: v.Moneda}
		if importe == v.Restante {
			p.Base = max(0, v.Subtotal-v.activeBase)
		}
		if _, err := insertPayment(ctx, tx, c, p); err != nil {
			return err
		}
		if note != nil {
			if err := note(ctx, tx, fmt.Sprintf("Mesa %d; %s: %s; propina: %s", v.Mesa.Numero, metodo, audit.Amount(importe, v.Moneda), audit.Amount(propina, v.Moneda))); err != nil {
				return err
			}
		}
		return s.closeIfPaid(ctx, tx, c)
	})
	if err == nil {
		s.kickPOS()
	}
	return tab, err
}

// closeIfPaid closes a pay-at-the-end tab when nothing is left to pay and
// no payment is under way: its phones lose access.
func (s *Service) closeIfPaid(ctx context.Context, tx *store.Tx, c tabRow) error {
	if c.Modo != ModoAlFinal || c.Estado != TabAbierta {
		return nil
	}
	a, err := s.amountsOf(ctx, tx, c)
	if err != nil {
		return err
	}
	if a.Total > 0 && a.Pagado >= a.Total && a.EnPago == 0 {
		if err := notify.TabReceipt(ctx, tx, c.ID); err != nil { // its diners' receipt (issue 32)
			return err
		}
		return endTab(ctx, tx, c, TabPagada, nil, "")
	}
	return addEvent(ctx, tx, c.ClienteID, 0, "cuenta")
}

// --- The checkout kind ---

// Tabs is the checkout kind of tab payments (checkout.Kind, DemoKind).
type Tabs struct{ S *Service }

// Name is the kind's name.
func (k Tabs) Name() string { return TabKind }

// Find is the payment of a session from the payments' own column.
func (k Tabs) Find(ctx context.Context, session string) (checkout.SessionRecord, error) {
	var id, cliente int64
	err := k.S.DB.QueryRow(ctx, `SELECT id, cliente_id FROM cuenta_pagos WHERE checkout_session_id = ?`, session).Scan(&id, &cliente)
	if err != nil {
		return checkout.SessionRecord{}, store.NotFound(err)
	}
	return checkout.SessionRecord{ID: session, Kind: TabKind, Ref: id, Restaurant: cliente}, nil
}

// Prepare reads the payment of a session.
func (k Tabs) Prepare(ctx context.Context, sess checkout.SessionRecord) (checkout.Confirmation, error) {
	var cuenta int64
	var session string
	err := k.S.DB.QueryRow(ctx, `SELECT cuenta_id, COALESCE(checkout_session_id, '') FROM cuenta_pagos WHERE id = ?`, sess.Ref).Scan(&cuenta, &session)
	if err != nil {
		return nil, store.NotFound(err)
	}
	if session != sess.ID {
		return nil, store.ErrNotFound
	}
	return &tabConfirmation{s: k.S, pago: sess.Ref, cuenta: cuenta}, nil
}

type tabConfirmation struct {
	s            *Service
	pago, cuenta int64
	paid         bool
}

// Apply: an approved payment is recorded paid (due in the POS with its
// tip) and closes a pay-at-the-end tab with nothing left; a declined one
// frees what it held. A payment that arrives after its hold ended is
// recorded all the same (a payment taken is never dropped): what it
// covers beyond what is left of the tab is owed back (reembolso).
func (c *tabConfirmation) Apply(ctx context.Context, tx *store.Tx, o checkout.Outcome) error {
	tab, err := lockTab(ctx, tx, c.cuenta)
	if err != nil {
		return err
	}
	var estado string
	var importe int64
	if err := tx.QueryRow(ctx, `SELECT estado, importe FROM cuenta_pagos WHERE id = ?`+store.ForUpdate(tx), c.pago).Scan(&estado, &importe); err != nil {
		return err
	}
	if !o.Approved {
		_, err := endPaymentTx(ctx, tx, c.pago, "fallido")
		return err
	}
	if estado == "pagado" {
		return nil
	}
	late := estado != EstadoPendientePago
	now := tx.NowUnix()
	if late {
		c.s.Log.WarnContext(ctx, "payment for a tab payment whose hold had ended: recorded", "pago_id", c.pago, "estado", estado)
		// What it covers is counted against what is left now; the rest is
		// owed back.
		a, err := c.s.amountsOf(ctx, tx, tab)
		if err != nil {
			return err
		}
		if over := overPaid(importe, a.Total-a.Pagado-a.EnPago); over > 0 {
			if _, err := tx.Exec(ctx, `UPDATE cuenta_pagos SET reembolso = ? WHERE id = ?`, over, c.pago); err != nil {
				return err
			}
		}
		// It takes back its share and its lines where nobody else holds them
		// meanwhile (its share number is dropped if another payment has it).
		if _, err := tx.Exec(ctx, `UPDATE cuenta_pagos SET parte = 0 WHERE id = ? AND parte > 0 AND EXISTS (SELECT 1 FROM cuenta_pagos o
			WHERE o.cuenta_id = cuenta_pagos.cuenta_id AND o.parte = cuenta_pagos.parte AND o.id <> cuenta_pagos.id AND o.estado IN ('pendiente_pago', 'pagado'))`, c.pago); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE cuenta_pago_lineas SET activa = 1 WHERE pago_id = ? AND NOT EXISTS (SELECT 1 FROM cuenta_pago_lineas o
			WHERE o.pedido_id = cuenta_pago_lineas.pedido_id AND o.posicion = cuenta_pago_lineas.posicion AND o.activa = 1)`, c.pago); err != nil {
			return err
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE cuenta_pagos SET estado = 'pagado', payment_id = ?, paid_at = ?, updated_at = ?, pos_estado = 'pendiente' WHERE id = ?`,
		o.PaymentID, now, now, c.pago); err != nil {
		return err
	}
	c.paid = true
	return c.s.closeIfPaid(ctx, tx, tab)
}

// Committed tells the boards and records the payment in the POS.
func (c *tabConfirmation) Committed(context.Context) error {
	if c.paid {
		c.s.changed()
		c.s.kickPOS()
	}
	return nil
}

// TabDemo is what the demo checkout page shows of a tab payment.
type TabDemo struct {
	Tipo        string `json:"tipo"` // "cuenta"
	Descripcion string `json:"descripcion"`
	Subtotal    int64  `json:"subtotal"`
	Impuestos   int64  `json:"impuestos"`
	Propina     int64  `json:"propina"`
	Total       int64  `json:"total"`
	Moneda      string `json:"moneda"`
	Restaurante string `json:"restaurante"`
	Estado      string `json:"estado"`
	ClienteID   int64  `json:"cliente_id"`
	ExpiresAt   int64  `json:"expires_at"`
	PagoID      int64  `json:"pago_id"`
	ExitoURL    string `json:"exito_url"`
	VolverURL   string `json:"volver_url"`
}

// DemoPaymentID is the payment the demo page's 'Pagar' records.
func (d TabDemo) DemoPaymentID() string { return "demo_pay_cuenta_" + strconv.FormatInt(d.PagoID, 10) }

// DemoAnswer is the demo page's answer about a tab payment once paid or
// declined (checkout.DemoView): its receipt, or back to the tab.
func (d TabDemo) DemoAnswer(approved bool) checkout.DemoAnswer {
	a := checkout.DemoAnswer{Fields: map[string]any{"tipo": "cuenta", "estado": d.Estado, "pago_id": d.PagoID, "cliente_id": d.ClienteID, "exito_url": d.ExitoURL, "volver_url": d.VolverURL}}
	if approved && d.Estado == "pagado" {
		a.MessageES, a.MessageEN = "Pago recibido. ¡Gracias!", "Payment received. Thank you!"
	}
	return a
}

// DemoSession is a tab payment's demo checkout (checkout.DemoKind).
func (k Tabs) DemoSession(ctx context.Context, sess checkout.SessionRecord) (checkout.DemoView, error) {
	if !strings.HasPrefix(sess.ID, "demo_cs_") {
		return nil, store.ErrNotFound
	}
	r, err := k.S.anyRestaurant(ctx, sess.Restaurant)
	if err != nil || r.conn.Provider != "demo" {
		return nil, store.ErrNotFound
	}
	// The payment with its tab's token and table, in one statement: the
	// page names the restaurant and the table; the tab's lines are not read
	// (its payment's amounts are the page's).
	var d TabDemo
	var token, idioma string
	var access TabAccess
	var mesa TableRef
	err = k.S.DB.QueryRow(ctx, `SELECT pg.id, pg.token, pg.importe, pg.base, pg.propina, pg.estado, pg.cliente_id, pg.expires_at, pg.idioma,
			c.id, c.token, m.id, m.numero, m.nombre
		FROM cuenta_pagos pg JOIN cuentas c ON c.id = pg.cuenta_id JOIN mesas m ON m.id = c.mesa_id WHERE pg.id = ?`, sess.Ref).
		Scan(&d.PagoID, &token, &d.Subtotal, &d.Impuestos, &d.Propina, &d.Estado, &d.ClienteID, &d.ExpiresAt, &idioma,
			&access.ID, &access.Token, &mesa.ID, &mesa.Numero, &mesa.Nombre)
	if err != nil {
		return nil, store.NotFound(err)
	}
	place, err := placeOf(ctx, k.S.DB, d.ClienteID, nil)
	if err != nil {
		return nil, err
	}
	d.Restaurante, d.Moneda = place.restaurante, place.moneda
	d.Impuestos = d.Subtotal - d.Impuestos // importe − base: the tax part
	d.Subtotal -= d.Impuestos
	d.Tipo, d.Total = TabKind, d.Subtotal+d.Impuestos+d.Propina
	d.Descripcion = tabDescription(idioma, mesa, "")
	d.ExitoURL = strings.TrimPrefix(k.S.receiptURL(d.ClienteID, access, d.PagoID, token), k.S.BaseURL)
	d.VolverURL = strings.TrimPrefix(fmt.Sprintf("%s&cancelar=%d&p=%s", k.S.tabURL(d.ClienteID, access), d.PagoID, token), k.S.BaseURL)
	return d, nil
}

// ExpireTabPayments ends the tab payments whose checkout ended unpaid,
// freeing what they held.
func (s *Service) ExpireTabPayments(ctx context.Context) (int, error) {
	list, err := ids(s.DB.Query(ctx, `SELECT id FROM cuenta_pagos WHERE estado = 'pendiente_pago' AND expires_at > 0 AND expires_at < ? LIMIT 200`, s.DB.NowUnix()))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range list {
		if s.endPayment(ctx, id, "expirado") {
			n++
		}
	}
	return n, nil
}
