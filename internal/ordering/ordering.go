// Package ordering is online ordering for pickup: the orderable menu, the
// server's pricing of a cart, pickup times, placing an order (checked
// against the POS's own total, then paid through the restaurant's hosted
// checkout), its idempotent confirmation, the order's life on the kitchen's
// board, its creation in the POS (retried until it lands), the diner's
// e-mails and the feed that keeps boards and order pages live.
package ordering

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"carta/internal/accounts"
	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/checkout"
	"carta/internal/clientes"
	"carta/internal/limits"
	"carta/internal/mail"
	"carta/internal/menu"
	"carta/internal/messaging"
	"carta/internal/metrics"
	"carta/internal/notify"
	"carta/internal/pos"
	"carta/internal/refunds"
	"carta/internal/store"
	"carta/internal/tenant"
)

// HoldTime is how long an unpaid order holds its pickup slot: the life of
// a hosted checkout session.
const HoldTime = 15 * time.Minute

// OrderType is the POS order type of Carta's pickup orders.
const OrderType = "Carta — recoger"

// Errors diners and staff see (the spec's text where it has one).
var (
	ErrNoCliente     = apperr.E(apperr.Invalid, "Error: No se encontró el cliente_id.", "Error: The cliente_id was not found.")
	ErrOrderType     = apperr.E(apperr.Invalid, "Solo se aceptan pedidos para recoger (order_type 'pickup').", "Only pickup orders are accepted (order_type 'pickup').")
	ErrNombre        = apperr.E(apperr.Invalid, "Escribe el nombre de quien recoge el pedido.", "Enter the name of the person picking up the order.")
	ErrEmail         = apperr.E(apperr.Invalid, "Escribe un correo electrónico válido para recibir la confirmación.", "Enter a valid e-mail address to receive the confirmation.")
	ErrTelefono      = apperr.E(apperr.Invalid, "El teléfono solo puede tener números, espacios y + - ( ).", "The phone number can only have digits, spaces and + - ( ).")
	ErrNoMerchant    = apperr.E(apperr.Invalid, "Este restaurante no tiene un punto de venta conectado para recibir pedidos.", "This restaurant has no point of sale connected to take orders.")
	ErrCheckout      = apperr.E(apperr.Unavailable, "Error al crear la orden: no se pudo abrir el pago. Intenta de nuevo.", "Error creating the order: the payment page could not be opened. Try again.")
	ErrPOSReconnect  = apperr.E(apperr.Unavailable, "Este restaurante no puede recibir pedidos en línea en este momento: su punto de venta debe conectarse de nuevo.", "This restaurant cannot take online orders right now: its point of sale must be connected again.")
	ErrPOSTotals     = apperr.E(apperr.Unavailable, "Error al crear la orden: el punto de venta no respondió. Intenta de nuevo en unos minutos.", "Error creating the order: the point of sale did not answer. Try again in a few minutes.")
	ErrTotalMismatch = apperr.E(apperr.Conflict, "Error al crear la orden: el total no coincide con el del punto de venta. El restaurante debe sincronizar su menú; no se te cobró nada.",
		"Error creating the order: the total does not match the point of sale's. The restaurant must sync its menu; you were not charged.")
	ErrPOSRejected = apperr.E(apperr.Conflict, "Error al crear la orden: el punto de venta no acepta uno de los productos. Actualiza la página e inténtalo de nuevo.", "Error creating the order: the point of sale does not accept one of the products. Reload the page and try again.")
	ErrNotFound    = apperr.E(apperr.NotFound, "Pedido no encontrado.", "Order not found.")
	ErrTooMany     = apperr.E(apperr.TooManyRequests, "Demasiados pedidos desde esta conexión. Espera unos minutos.", "Too many orders from this connection. Wait a few minutes.")
	ErrAmount      = apperr.E(apperr.Invalid, "El monto no coincide con el total del pedido.", "The amount does not match the order's total.")
	ErrNotDemo     = apperr.E(apperr.Conflict, "Este restaurante cobra con su proveedor de pagos: usa la página de pago.", "This restaurant charges through its payment provider: use the payment page.")
	ErrPayment     = apperr.E(apperr.Invalid, "Error al procesar el pago.", "Error processing the payment.")
)

// Service is online ordering.
type Service struct {
	DB      *store.DB
	Menu    *menu.Service
	Auth    *auth.Service
	BaseURL string
	Log     *slog.Logger
	// Checkout picks the restaurant's hosted checkout; POS its point of
	// sale's orders.
	Checkout func(conn clientes.POSConnection) (checkout.Provider, error)
	POS      func(conn clientes.POSConnection) (pos.Orders, error)
	// Refunds gives cancelled orders' payments back through the provider (UseRefunds); nil
	// leaves only the manual mark.
	Refunds *refunds.Service
	// Feed is told about this replica's changes at once (others see them
	// in the database).
	Feed *Feed
	// PerAddress bounds the orders placed from one address per 10 minutes
	// (30 when 0).
	PerAddress int
	// Metrics counts the job's passes and the POS sends; nil records
	// nothing.
	Metrics *metrics.Metrics

	kickOnce sync.Once
	kick     chan struct{} // wakes the POS job

	cacheMu  sync.Mutex
	cache    map[int64]cachedRestaurant
	cacheGen uint64             // counts forget: a load begun before one is neither joined nor kept
	loads    singleflight.Group // one load of a restaurant at a time (restaurant)

	sending   atomic.Bool // Run is sending paid orders to the POS
	queueOnce sync.Once
	sendq     chan posSend
}

func (s *Service) kicks() chan struct{} {
	s.kickOnce.Do(func() { s.kick = make(chan struct{}, 1) })
	return s.kick
}

// Customer is who picks the order up.
type Customer struct {
	Nombre   string `json:"nombre"`
	Email    string `json:"email"`
	Telefono string `json:"telefono"`
	// Novedades is the checkout's "quiero recibir novedades" box of a
	// guest (unticked by default); a signed-in diner's is ignored (the
	// account's consent counts).
	Novedades bool `json:"novedades"`
	// Avisos is the channel a guest's order notices go by (email, whatsapp, sms; '' is email;
	// issue 32): WhatsApp and SMS need the phone with its country code. A signed-in diner's is
	// the account's choice.
	Avisos string `json:"avisos"`
}

// PlaceInput is a diner's order.
type PlaceInput struct {
	ClienteID int64
	OrderType string
	Items     []LineRequest
	Customer  Customer
	// PickupAt is a slot's start (unix seconds), or 0 for as soon as
	// possible.
	PickupAt int64
	Nota     string
	Idioma   string
	// Diner is the signed-in diner, nil for a guest.
	Diner *tenant.Diner
	// Replaces is the same browser's previous unpaid order, given up (its
	// slot freed) when this one is placed; its token proves it.
	Replaces      int64
	ReplacesToken string
	// Address is the client's address (throttling).
	Address string
}

// Placed is a placed order waiting for its payment.
type Placed struct {
	PedidoID    int64  `json:"pedido_id"`
	Token       string `json:"token"`
	CheckoutURL string `json:"checkout_url"`
	Total       int64  `json:"total"`
	Moneda      string `json:"moneda"`
	RecogerAt   int64  `json:"recoger_at"`
}

// orderable is a restaurant diners can order from now, with what placing
// an order needs.
type orderable struct {
	t      tenant.Public
	conn   clientes.POSConnection
	cfg    Config
	moneda string
	tables tablesConfig
	lugar  Lugar // where it is (its address and phone, country, zone)
}

// restaurantTTL is how long a restaurant's ordering data (state, settings,
// POS connection, currency) is used from memory: a change made through this
// replica is seen at once (forget), one made through another within this.
const restaurantTTL = time.Second

type cachedRestaurant struct {
	o   orderable
	err error
	at  time.Time
}

// restaurant is what placing an order needs of a restaurant diners can
// order from (ErrNoCliente for an unknown or suspended one).
func (s *Service) restaurant(ctx context.Context, clienteID int64) (orderable, error) {
	if clienteID <= 0 {
		return orderable{}, ErrNoCliente
	}
	s.cacheMu.Lock()
	c, ok := s.cache[clienteID]
	gen := s.cacheGen
	s.cacheMu.Unlock()
	if ok && time.Since(c.at) < restaurantTTL {
		return c.o, c.err
	}
	// The requests that miss together share one load: a dining room
	// scanning at once (and again each time the copy expires) read the
	// restaurant once, not once per phone.
	v, _, _ := s.loads.Do(strconv.FormatInt(clienteID, 10)+"/"+strconv.FormatUint(gen, 10), func() (any, error) {
		o, err := s.loadRestaurant(context.WithoutCancel(ctx), clienteID)
		c := cachedRestaurant{o, err, time.Now()}
		if err == nil || errors.Is(err, ErrNoCliente) {
			s.cacheMu.Lock()
			if s.cache == nil || len(s.cache) >= 4096 {
				s.cache = map[int64]cachedRestaurant{}
			}
			if s.cacheGen == gen {
				s.cache[clienteID] = c
			}
			s.cacheMu.Unlock()
		}
		return c, nil
	})
	c = v.(cachedRestaurant)
	return c.o, c.err
}

// Forget drops what this replica keeps of a restaurant's ordering data
// after another part of it changed the restaurant (its menu settings: the
// address, phone and look the order pages and e-mails show).
func (s *Service) Forget(clienteID int64) { s.forget(clienteID) }

// forget drops what this replica keeps of a restaurant after changing it.
func (s *Service) forget(clienteID int64) {
	s.cacheMu.Lock()
	delete(s.cache, clienteID)
	s.cacheGen++
	s.cacheMu.Unlock()
}

func (s *Service) loadRestaurant(ctx context.Context, clienteID int64) (orderable, error) {
	t := tenant.PublicMenu(clienteID)
	c, err := clientes.Get(ctx, s.DB, t)
	if errors.Is(err, store.ErrNotFound) || (err == nil && c.Estado != clientes.EstadoActivo) {
		return orderable{}, ErrNoCliente
	}
	if err != nil {
		return orderable{}, err
	}
	o := orderable{t: t}
	if o.cfg, err = getConfig(ctx, s.DB, clienteID); err != nil {
		return o, err
	}
	if o.conn, err = clientes.GetPOSConnection(ctx, s.DB, tenant.FromRecord(clienteID)); err != nil {
		return o, err
	}
	// The menu settings once: the currency and the place (address, phone,
	// country, zone).
	ms, err := menu.ReadSettings(ctx, s.DB, t)
	if err != nil {
		return o, err
	}
	o.moneda, o.lugar = ms.Moneda, lugarOf(ms)
	if o.tables, err = tablesConfigIn(ctx, s.DB, clienteID, c.Pais); err != nil {
		return o, err
	}
	return o, nil
}

// price prices lines against the restaurant's current catalogue, in its
// POS merchant's tax mode.
func (s *Service) price(ctx context.Context, r orderable, lang string, lines []LineRequest) (Priced, error) {
	t := r.t
	if len(lines) == 0 {
		return Priced{}, ErrEmptyCart
	}
	if len(lines) > MaxLines {
		return Priced{}, ErrTooManyLines
	}
	var want []int64
	for _, l := range lines {
		if !slices.Contains(want, l.ProductID) {
			want = append(want, l.ProductID)
		}
	}
	items, err := menu.OrderItems(ctx, s.DB, t, menu.Lang(lang), want)
	if err != nil {
		return Priced{}, err
	}
	byID := make(map[int64]menu.OrderItem, len(items))
	for _, it := range items {
		byID[it.ID] = it
	}
	return Price(byID, lines, r.conn.TaxIncluded)
}

// Quote prices a cart for the cart page: the server's subtotal, taxes and
// total, or a 400 naming the first line that cannot be ordered.
func (s *Service) Quote(ctx context.Context, clienteID int64, lang string, lines []LineRequest) (Priced, error) {
	r, err := s.restaurant(ctx, clienteID)
	if err != nil {
		return Priced{}, err
	}
	return s.price(ctx, r, lang, lines)
}

// Availability is what the checkout page offers: pickup times now.
func (s *Service) Availability(ctx context.Context, clienteID int64) (Availability, error) {
	r, err := s.restaurant(ctx, clienteID)
	if err != nil {
		return Availability{}, err
	}
	now := s.DB.Now()
	start, end := r.cfg.DayBounds(now)
	taken, err := slotsTaken(ctx, s.DB, clienteID, start.Unix(), end.Unix())
	if err != nil {
		return Availability{}, err
	}
	return r.cfg.Available(now, taken), nil
}

// checkCustomer cleans who picks the order up.
func checkCustomer(c Customer) (Customer, error) {
	var err error
	if c.Nombre, err = limits.PersonName.Check(c.Nombre); err != nil {
		return c, err
	}
	if c.Nombre == "" {
		return c, ErrNombre
	}
	if c.Email, err = limits.Email.Check(c.Email); err != nil {
		return c, err
	}
	if at := strings.IndexByte(c.Email, '@'); at < 1 || at == len(c.Email)-1 || strings.ContainsAny(c.Email, " ,;<>") {
		return c, ErrEmail
	}
	if c.Telefono, err = limits.Phone.Check(c.Telefono); err != nil {
		return c, err
	}
	if strings.TrimLeft(c.Telefono, "+0123456789 -()") != "" {
		return c, ErrTelefono
	}
	switch c.Avisos {
	case "", "email":
		c.Avisos = "email"
	case "whatsapp", "sms":
		if !strings.HasPrefix(c.Telefono, "+") || len(strings.Trim(c.Telefono, "+ -()")) < 8 {
			return c, ErrAvisosTelefono
		}
	default:
		return c, ErrAvisosCanal
	}
	return c, nil
}

// Errors of a guest's notices channel (issue 32).
var (
	ErrAvisosCanal    = apperr.E(apperr.Invalid, "Elige correo, WhatsApp o SMS para los avisos del pedido.", "Choose e-mail, WhatsApp or SMS for the order notices.")
	ErrAvisosTelefono = apperr.E(apperr.Invalid, "Para recibir los avisos por WhatsApp o SMS indica tu teléfono con el prefijo del país (+34 600 111 222).",
		"To get the notices by WhatsApp or SMS, give your phone with its country code (+1 555 010 2000).")
)

func newToken() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// orderRef is the order's reference in the POS and the checkout.
func orderRef(id int64) string { return "carta-pedido-" + strconv.FormatInt(id, 10) }

// Place places a diner's order: the cart priced by the server, the pickup
// time checked against the restaurant's hours, pause and slot capacity,
// the total confirmed by the POS's own computation (a mismatch is an error,
// never a charge), the slot held and the order stored unpaid, then the
// restaurant's hosted checkout opened for exactly that total.
func (s *Service) Place(ctx context.Context, in PlaceInput) (Placed, error) {
	if in.OrderType != "" && in.OrderType != "pickup" {
		return Placed{}, ErrOrderType
	}
	r, err := s.restaurant(ctx, in.ClienteID)
	if err != nil {
		return Placed{}, err
	}
	if !r.tables.RecogerActivo {
		return Placed{}, ErrNoPickup
	}
	cust, err := checkCustomer(in.Customer)
	if err != nil {
		return Placed{}, err
	}
	nota, err := limits.OrderNote.Check(in.Nota)
	if err != nil {
		return Placed{}, err
	}
	lang := menu.Lang(in.Idioma)
	// Priced in the diner's language: the order keeps those names for the
	// diner's page, e-mails and checkout, and the restaurant's own (the
	// POS's) for the kitchen's board, its tickets and the POS order.
	priced, err := s.price(ctx, r, lang, in.Items)
	if err != nil {
		return Placed{}, err
	}
	now := s.DB.Now()
	pickup, slot, err := r.cfg.pickup(now, in.PickupAt)
	if err != nil {
		return Placed{}, err
	}
	if err := s.readyToCharge(ctx, r, in.Address, priced); err != nil {
		return Placed{}, err
	}
	token, err := newToken()
	if err != nil {
		return Placed{}, err
	}
	o := newOrder{ClienteID: in.ClienteID, Token: token, Nombre: cust.Nombre, Telefono: cust.Telefono, Email: cust.Email, Nota: nota,
		Idioma: lang, RecogerAt: pickup.Unix(), Franja: slot.Unix(), LoAntesPosible: in.PickupAt == 0, Priced: priced, Moneda: r.moneda,
		ExpiresAt: now.Add(HoldTime).Unix()}
	if in.Diner != nil {
		id := in.Diner.Int64()
		o.UsuarioID = &id
	} else {
		o.Novedades, o.Avisos = cust.Novedades, cust.Avisos
	}
	var id int64
	if in.Replaces == 0 && s.DB.Dialect() == store.Postgres {
		// The order, its lines and its slot in one statement.
		id, err = placeInSlot(ctx, s.DB, o, r.cfg.PedidosPorFranja)
	} else {
		err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
			if in.Replaces > 0 {
				if err := s.giveUp(ctx, tx, in.ClienteID, in.Replaces, in.ReplacesToken); err != nil {
					return err
				}
			}
			// The slot last: its row stays locked until the commit, and every
			// order of the slot waits for it.
			if id, err = insertOrder(ctx, tx, o); err != nil {
				return err
			}
			return takeSlot(ctx, tx, in.ClienteID, o.Franja, r.cfg.PedidosPorFranja, false)
		})
	}
	if errors.Is(err, errSlotFull) {
		return Placed{}, ErrSlotFull
	}
	if err != nil {
		return Placed{}, err
	}
	url, err := s.orderCheckout(ctx, r, id, lang, priced, cust, s.orderURL(in.ClienteID, id, token),
		fmt.Sprintf("%s/checkout/%d?pago=error", s.BaseURL, in.ClienteID), fmt.Sprintf("%s/checkout/%d", s.BaseURL, in.ClienteID))
	if err != nil {
		return Placed{}, err
	}
	return Placed{PedidoID: id, Token: token, CheckoutURL: url, Total: priced.Total, Moneda: r.moneda, RecogerAt: pickup.Unix()}, nil
}

// readyToCharge is what placing any order checks before it is stored: the
// restaurant can charge (a merchant account, a POS that accepts its
// tokens), the address has orders left, and the POS computes the same
// total as Carta (a one-cent difference is an error, never a charge).
func (s *Service) readyToCharge(ctx context.Context, r orderable, address string, priced Priced) error {
	if r.conn.Provider != "demo" && (r.conn.Merchant == "" || r.conn.Token == "") {
		return ErrNoMerchant
	}
	if r.conn.Reconnect {
		// The POS refused the restaurant's tokens: every call would be
		// refused until the super admin connects it again.
		return ErrPOSReconnect
	}
	if s.Auth != nil {
		per := s.PerAddress
		if per <= 0 {
			per = 30
		}
		if err := s.Auth.Reserve(ctx, auth.ThrottleKey{Key: "pedido:" + auth.AddressBlock(address), Rule: auth.ThrottleRule{Limit: per, Window: 10 * time.Minute}}, ErrTooMany); err != nil {
			return err
		}
	}
	return s.confirmTotal(ctx, r.conn, priced)
}

// checkoutFailed is what a diner is told when the provider could not open
// a checkout: the provider's own refusal, or ErrCheckout (the cause logged).
func (s *Service) checkoutFailed(ctx context.Context, what string, id int64, err error) error {
	if _, ok := apperr.As(err); ok {
		return err
	}
	s.Log.WarnContext(ctx, what+" checkout failed", "id", id, "err", err)
	e := *ErrCheckout
	e.Err = err
	return &e
}

// orderCheckout opens the hosted checkout of stored order id for exactly
// its total and records the session (kind pedido) on it; the diner's
// browser comes back to success, failure or cancel. Any failure ends the
// order (its slot freed).
func (s *Service) orderCheckout(ctx context.Context, r orderable, id int64, lang string, priced Priced, cust Customer, success, failure, cancel string) (string, error) {
	provider, err := s.Checkout(r.conn)
	if err != nil {
		s.fail(ctx, id)
		return "", err
	}
	req := checkoutRequest(r.conn, orderRef(id), r.moneda, lang, priced, cust)
	req.SuccessURL, req.FailureURL, req.CancelURL = success, failure, cancel
	if req.Total() != priced.Total {
		s.fail(ctx, id)
		return "", fmt.Errorf("ordering: checkout lines add up to %d, the order to %d", req.Total(), priced.Total)
	}
	sess, err := provider.Create(ctx, req)
	if err != nil {
		s.fail(ctx, id)
		return "", s.checkoutFailed(ctx, "order", id, err)
	}
	var exp int64
	if !sess.ExpiresAt.IsZero() {
		exp = sess.ExpiresAt.Unix()
	}
	// The order was stored in r's restaurant.
	update, args := setSessionStmt(id, sess.ID, sess.URL, exp)
	err = checkout.RecordSessionOn(ctx, s.DB, checkout.SessionRecord{ID: sess.ID, Kind: Kind, Ref: id, Restaurant: r.t.Int64()}, update, args...)
	if err != nil {
		s.fail(ctx, id)
		return "", err
	}
	return sess.URL, nil
}

// giveUp ends the same browser's previous unpaid order of the restaurant
// (its token proves it); anything else is ignored.
func (s *Service) giveUp(ctx context.Context, tx *store.Tx, clienteID, id int64, token string) error {
	rec, err := getRecord(ctx, tx, id)
	if err != nil || rec.ClienteID != clienteID || !tokenEqual(rec.Token, token) {
		return nil
	}
	if err := failPending(ctx, tx, id, EstadoFallido); err != nil && !errors.Is(err, errNotPending) {
		return err
	}
	return nil
}

// checkoutRequest is the hosted checkout of an order: its lines at their
// unit prices (modifiers included, named in the note) and one line for the
// taxes when they are added (none when prices include them), adding up to
// exactly the order's total, named in the order's
// language (the diner reads the checkout page).
func checkoutRequest(conn clientes.POSConnection, ref, moneda, lang string, p Priced, c Customer) checkout.Request {
	first, last, _ := strings.Cut(c.Nombre, " ")
	req := checkout.Request{MerchantID: conn.Merchant, Token: conn.Token, Reference: ref, Currency: moneda,
		Customer: checkout.Customer{Email: c.Email, FirstName: first, LastName: last, Phone: c.Telefono}}
	if req.MerchantID == "" { // the demo POS needs no merchant account
		req.MerchantID, req.Token = "demo", "demo"
	}
	for _, l := range p.Lines {
		names := make([]string, 0, len(l.Modifiers))
		for _, m := range l.Modifiers {
			names = append(names, m.Name)
		}
		req.LineItems = append(req.LineItems, checkout.LineItem{Name: l.Name, Price: l.UnitPrice, Quantity: l.Quantity, Note: strings.Join(names, ", ")})
	}
	if p.Taxes > 0 && !p.TaxIncluded { // included: the lines' prices hold it already
		req.LineItems = append(req.LineItems, checkout.LineItem{Name: mailLabels[menu.Lang(lang)]["impuestos"], Price: p.Taxes, Quantity: 1})
	}
	return req
}

// posTotalsBudget is how long a diner placing an order waits for the POS's
// total, retries included: past it the order fails with ErrPOSTotals (a
// rate-limited or failing POS must not hold the diner for minutes).
const posTotalsBudget = 10 * time.Second

// confirmTotal asks the POS to compute the order's total and refuses any
// difference from Carta's: a one-cent disagreement would leave the POS
// order partially paid.
func (s *Service) confirmTotal(ctx context.Context, conn clientes.POSConnection, p Priced) error {
	orders, err := s.POS(conn)
	if err != nil {
		return err
	}
	tctx, cancel := context.WithTimeout(ctx, posTotalsBudget)
	defer cancel()
	got, err := orders.Totals(tctx, posOrder("", "", "", p.Lines))
	switch {
	case errors.Is(err, pos.ErrRejected):
		s.Log.WarnContext(ctx, "the POS refused an order's lines", "err", err)
		return ErrPOSRejected
	case errors.Is(err, pos.ErrUnauthorized):
		s.Log.Warn("the POS refused the restaurant's connection", "cliente_id", conn.ClienteID, "err", err)
		return ErrPOSReconnect
	case err != nil:
		s.Log.WarnContext(ctx, "the POS could not compute an order's total", "err", err)
		e := *ErrPOSTotals
		e.Err = err
		return &e
	case got.Total != p.Total:
		s.Log.ErrorContext(ctx, "order total differs from the POS's: not charged", "carta_total", p.Total, "pos_total", got.Total,
			"carta_subtotal", p.Subtotal, "pos_subtotal", got.Subtotal, "carta_tax", p.Taxes, "pos_tax", got.Tax)
		return ErrTotalMismatch
	}
	return nil
}

// fail ends an order whose checkout could not be opened.
func (s *Service) fail(ctx context.Context, id int64) {
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error { return failPending(ctx, tx, id, EstadoFallido) })
	if err != nil && !errors.Is(err, errNotPending) {
		s.Log.ErrorContext(ctx, "end failed order", "pedido_id", id, "err", err)
	}
}

// Confirm records the outcome of an order's checkout session, in one
// transaction with the webhook event's record (checkout.Confirm): see
// Apply. store.ErrNotFound: no order has that session.
func (s *Service) Confirm(ctx context.Context, o checkout.Outcome) error {
	_, err := s.confirm(ctx, o)
	return err
}

// confirm is Confirm, answering the order as it is afterwards.
func (s *Service) confirm(ctx context.Context, o checkout.Outcome) (Pedido, error) {
	sess, err := s.Find(ctx, o.Session)
	if err != nil {
		return Pedido{}, err
	}
	c, err := s.prepare(ctx, sess)
	if err != nil {
		return Pedido{}, err
	}
	err = checkout.Confirm(ctx, s.DB, c, o)
	return c.out, err
}

// Kind is the checkout kind of online orders (checkout.Kind's Name,
// checkout.SessionRecord's Kind).
const Kind = "pedido"

// Name is the checkout kind of online orders.
func (s *Service) Name() string { return Kind }

// Find is the order of a checkout session from the orders' own column
// (checkout.Kind: sessions created before they were recorded);
// store.ErrNotFound when none.
func (s *Service) Find(ctx context.Context, session string) (checkout.SessionRecord, error) {
	rec, err := getRecordBySession(ctx, s.DB, session)
	if err != nil {
		return checkout.SessionRecord{}, err
	}
	return checkout.SessionRecord{ID: rec.Session, Kind: Kind, Ref: rec.ID, Restaurant: rec.ClienteID}, nil
}

// Prepare reads the order of a checkout session and what confirming it
// needs (checkout.Kind); store.ErrNotFound when the session is not the
// order's.
func (s *Service) Prepare(ctx context.Context, sess checkout.SessionRecord) (checkout.Confirmation, error) {
	return s.prepare(ctx, sess)
}

func (s *Service) prepare(ctx context.Context, sess checkout.SessionRecord) (*confirmation, error) {
	rec, err := getRecord(ctx, s.DB, sess.Ref)
	if err != nil {
		return nil, err
	}
	if rec.Session != sess.ID {
		return nil, store.ErrNotFound
	}
	// A payment for a restaurant suspended meanwhile is recorded all the same.
	r, err := s.anyRestaurant(ctx, rec.ClienteID)
	if err != nil {
		return nil, err
	}
	return &confirmation{s: s, rec: rec, r: r}, nil
}

// confirmation is one outcome of an order's checkout.
type confirmation struct {
	s    *Service
	rec  record
	r    orderable
	paid bool   // paid by this confirmation
	out  Pedido // the order afterwards
}

// Apply: an approved payment makes the order received (numbered, on the
// board, due in the POS), credits the diner's points (or records a guest
// as the restaurant's customer, accounts.RecordGuest) and queues the
// confirmation e-mail; a declined one ends the order and frees its slot.
// Confirming again, or at the same time, changes nothing and succeeds.
//
// The restaurant's next number is taken last (numberOrder: its counter row
// stays locked until the commit, so one restaurant's confirmations pass it
// one at a time): the order, the guest's record, the e-mail (rendered and
// queued) and the points' entry are written before it with a placeholder
// for the number, which numberOrder replaces in the statement that takes
// the number and adds the board event.
func (c *confirmation) Apply(ctx context.Context, tx *store.Tx, o checkout.Outcome) error {
	s, conn := c.s, c.r.conn
	// Read under lock: of concurrent confirmations of one order (a
	// double click, the demo page and a webhook, a replayed event) the
	// first pays it and the others, waiting here, see it paid.
	cur, err := lockRecord(ctx, tx, c.rec.ID)
	if err != nil {
		return err
	}
	if !o.Approved {
		err := failPending(ctx, tx, cur.ID, EstadoFallido)
		if errors.Is(err, errNotPending) {
			err = nil
		}
		if err == nil {
			c.out, err = getPedido(ctx, tx, cur.ID)
		}
		return err
	}
	if cur.Estado == EstadoExpirado || cur.Estado == EstadoFallido {
		s.Log.WarnContext(ctx, "payment for an order whose checkout had ended: the order is taken", "pedido_id", cur.ID, "estado", cur.Estado)
	}
	if !payable(cur.Estado) { // paid already
		c.out, err = getPedido(ctx, tx, cur.ID)
		return err
	}
	var guest int64
	if cur.CuentaID == 0 && cur.UsuarioID == nil {
		// A guest who paid is the restaurant's customer from now on
		// (one who never paid is not).
		guest, err = accounts.RecordGuest(ctx, tx, tenant.FromRecord(cur.ClienteID), accounts.GuestOrder{PedidoID: cur.ID, Nombre: cur.Nombre,
			Email: cur.Email, Telefono: cur.Telefono, Novedades: cur.Novedades, PlacedAt: cur.CreatedAt, Canal: cur.Avisos})
		if err != nil {
			return err
		}
	}
	if _, err := markReceived(ctx, tx, cur, o.PaymentID, s.POS != nil && conn.Provider != "", s.sends(), guest); err != nil {
		return err
	}
	c.paid = true
	// The order as the e-mail and the answer show it, but for its number.
	if c.out, err = getPedido(ctx, tx, cur.ID); err != nil {
		return err
	}
	// What needs the number is written first with a placeholder, which
	// numberOrder replaces with the number as it takes it, last.
	ph := numberPlaceholder()
	n := numbering{Placeholder: strconv.FormatInt(ph, 10)}
	if cur.CuentaID == 0 && c.out.Email != "" {
		// A table's order has no e-mail: its tab shows it.
		// Where the restaurant is, as its ordering data has it (read at
		// most restaurantTTL ago).
		p := c.out
		p.Numero = ph
		if n.Mail, err = s.queueOrderMail(ctx, tx, p, c.r.lugar, c.r.cfg.location()); err != nil {
			return err
		}
	}
	if cur.CuentaID == 0 && cur.UsuarioID != nil {
		if pts := cur.Total / 100; pts > 0 {
			if err := accounts.CreditPoints(ctx, tx, tenant.DinerFromRecord(*cur.UsuarioID), tenant.FromRecord(cur.ClienteID), accounts.PointsForOrder(cur.ID), pts,
				"Pedido #"+n.Placeholder); err != nil {
				return err
			}
			n.Points = true
		}
	}
	if c.out.Numero, err = numberOrder(ctx, tx, cur.ClienteID, cur.ID, n); err != nil {
		return err
	}
	// Its WhatsApp or SMS "confirmed" (issue 32) says the number, so it comes after it: a few
	// reads, and a row only for a diner who chose one of those channels. A guest who chose
	// e-mail gets none (notify.Order would read the order to find that).
	if cur.UsuarioID == nil && cur.Avisos != messaging.ChannelWhatsApp && cur.Avisos != messaging.ChannelSMS {
		return nil
	}
	_, err = notify.Order(ctx, tx, cur.ID)
	return err
}

// Committed tells the boards and sends the POS order of an order paid now.
func (c *confirmation) Committed(context.Context) error {
	if c.paid {
		c.s.changed()
		// The order as the confirmation wrote it (numbered, due in the
		// POS): the sender need not read it again.
		p := c.out
		c.s.sendPaid(posSend{id: p.ID, p: &p})
	}
	return nil
}

// queueMail queues the e-mail about order id's current state (times in
// loc, the restaurant's time zone) and returns the order.
func (s *Service) queueMail(ctx context.Context, tx *store.Tx, id int64, loc *time.Location) (Pedido, error) {
	p, err := getPedido(ctx, tx, id)
	if err != nil {
		return p, err
	}
	// Its WhatsApp or SMS message (issue 32): 'ready' goes only there when the diner chose one.
	if onlyThere, err := notify.Order(ctx, tx, id); err != nil || onlyThere {
		return p, err
	}
	if p.Email == "" { // a table's order has no e-mail
		return p, nil
	}
	lugar, err := readLugar(ctx, tx, p.ClienteID)
	if err != nil {
		return p, err
	}
	_, err = s.queueOrderMail(ctx, tx, p, lugar, loc)
	return p, err
}

// queueOrderMail renders and queues the e-mail about order p's state as p
// has it (the confirmation's: with its number's placeholder), from where
// the restaurant is (lugar), and returns its outbox id (0: no e-mail).
func (s *Service) queueOrderMail(ctx context.Context, tx *store.Tx, p Pedido, lugar Lugar, loc *time.Location) (int64, error) {
	if p.Email == "" {
		return 0, nil
	}
	m := orderMail(p.inItsLanguage(), s.orderURL(p.ClienteID, p.ID, p.token), loc, lugar, time.Unix(tx.NowUnix(), 0))
	return mail.Enqueue(ctx, tx, mail.OutboxMessage{Kind: "pedido", To: p.Email, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
}

// anyRestaurant is the ordering data of a restaurant, open to orders or not
// (a suspended restaurant's payments and POS orders still go through).
func (s *Service) anyRestaurant(ctx context.Context, clienteID int64) (orderable, error) {
	r, err := s.restaurant(ctx, clienteID)
	if errors.Is(err, ErrNoCliente) {
		return s.loadRestaurantAnyway(ctx, clienteID)
	}
	return r, err
}

// loadRestaurantAnyway reads the ordering data of a restaurant that is not
// open to orders.
func (s *Service) loadRestaurantAnyway(ctx context.Context, clienteID int64) (orderable, error) {
	o := orderable{t: tenant.PublicMenu(clienteID)}
	var err error
	if o.cfg, err = getConfig(ctx, s.DB, clienteID); err != nil {
		return o, err
	}
	if o.conn, err = clientes.GetPOSConnection(ctx, s.DB, tenant.FromRecord(clienteID)); err != nil {
		return o, err
	}
	if o.moneda, err = menu.Currency(ctx, s.DB, o.t); err != nil {
		return o, err
	}
	o.lugar, err = readLugar(ctx, s.DB, clienteID)
	return o, err
}

// orderURL is the diner's page of an order; menu= names its restaurant
// for the diner shell (the route has no restaurant of its own), so the
// page is branded right on any device.
func (s *Service) orderURL(clienteID, id int64, token string) string {
	return fmt.Sprintf("%s/pedido/%d?t=%s&menu=%d", s.BaseURL, id, token, clienteID)
}

// changed tells this replica's feed to look for changes now.
func (s *Service) changed() {
	if s.Feed != nil {
		s.Feed.Kick()
	}
}

// PayDemo is the spec's direct pay call for a restaurant on the demo
// provider: the order's payment of exactly its total is confirmed (the
// token proves the order is the caller's).
func (s *Service) PayDemo(ctx context.Context, clienteID, pedidoID int64, token string, amount int64) (Seguimiento, error) {
	rec, err := getRecord(ctx, s.DB, pedidoID)
	if err != nil || rec.ClienteID != clienteID || !tokenEqual(rec.Token, token) {
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return Seguimiento{}, err
		}
		return Seguimiento{}, ErrNotFound
	}
	r, err := s.anyRestaurant(ctx, clienteID)
	if err != nil {
		return Seguimiento{}, err
	}
	if r.conn.Provider != "demo" || !strings.HasPrefix(rec.Session, "demo_cs_") {
		return Seguimiento{}, ErrNotDemo
	}
	if amount != rec.Total {
		return Seguimiento{}, ErrAmount
	}
	// The order and its restaurant just read are the confirmation's
	// (checkout.Confirm reads the order again under lock).
	c := &confirmation{s: s, rec: rec, r: r}
	if err := checkout.Confirm(ctx, s.DB, c, checkout.Outcome{Session: rec.Session, Approved: true, PaymentID: demoPaymentID(rec.ID)}); err != nil {
		return Seguimiento{}, err
	}
	p := c.out
	if p.PaidAt == 0 {
		return Seguimiento{}, ErrPayment
	}
	return seguimiento(p.inItsLanguage(), r.cfg.ZonaHoraria, r.lugar), nil
}

// DemoCheckout is what Carta's demo checkout page shows for an order.
type DemoCheckout struct {
	Tipo        string `json:"tipo"` // "pedido"
	Descripcion string `json:"descripcion"`
	Subtotal    int64  `json:"subtotal"`
	Impuestos   int64  `json:"impuestos"`
	Total       int64  `json:"total"`
	Moneda      string `json:"moneda"`
	Restaurante string `json:"restaurante"`
	Estado      string `json:"estado"`
	ClienteID   int64  `json:"cliente_id"`
	ExpiresAt   int64  `json:"expires_at"`
	PedidoID    int64  `json:"pedido_id"`
	// Token lets the page send the diner to the order's page.
	Token string `json:"token"`
	// ExitoURL: a table's order goes back to its tab once paid.
	ExitoURL string `json:"exito_url,omitempty"`
}

// DemoSession is the order of a demo checkout session (its id is the
// bearer secret) for the demo checkout page (checkout.DemoKind);
// store.ErrNotFound for any other session.
func (s *Service) DemoSession(ctx context.Context, sess checkout.SessionRecord) (checkout.DemoView, error) {
	d, err := s.DemoCheckout(ctx, sess.ID)
	if err != nil {
		return nil, err
	}
	return d, nil
}

// DemoPaymentID is the payment the demo page's 'Pagar' records.
func (d DemoCheckout) DemoPaymentID() string { return demoPaymentID(d.PedidoID) }

// demoPaymentID is the demo provider's payment of order id.
func demoPaymentID(id int64) string { return "demo_pay_pedido_" + strconv.FormatInt(id, 10) }

// DemoAnswer is the demo page's answer about an order once paid or
// declined (checkout.DemoView): the order's page to go to, or its tab's.
func (d DemoCheckout) DemoAnswer(approved bool) checkout.DemoAnswer {
	a := checkout.DemoAnswer{Fields: map[string]any{"tipo": "pedido", "estado": d.Estado, "pedido_id": d.PedidoID, "cliente_id": d.ClienteID, "token": d.Token}}
	if d.ExitoURL != "" {
		a.Fields["exito_url"] = d.ExitoURL
	}
	if approved && d.Estado == EstadoRecibido {
		a.MessageES, a.MessageEN = "Pago exitoso. Orden confirmada.", "Payment successful. Order confirmed."
	}
	return a
}

// DemoCheckout is what the demo checkout page shows of an order's session;
// store.ErrNotFound for a session that is not an order's on the demo
// provider.
func (s *Service) DemoCheckout(ctx context.Context, sessionID string) (DemoCheckout, error) {
	if !strings.HasPrefix(sessionID, "demo_cs_") {
		return DemoCheckout{}, store.ErrNotFound
	}
	rec, err := getRecordBySession(ctx, s.DB, sessionID)
	if err != nil {
		return DemoCheckout{}, err
	}
	conn, err := clientes.GetPOSConnection(ctx, s.DB, tenant.FromRecord(rec.ClienteID))
	if err != nil || conn.Provider != "demo" {
		return DemoCheckout{}, store.ErrNotFound
	}
	p, err := getPedido(ctx, s.DB, rec.ID)
	if err != nil {
		return DemoCheckout{}, err
	}
	var exp int64
	_ = s.DB.QueryRow(ctx, `SELECT expires_at FROM pedidos WHERE id = ?`, rec.ID).Scan(&exp)
	d := DemoCheckout{Tipo: "pedido", Descripcion: pickupDescription(p.idioma, units(p.Lineas)), Subtotal: p.Subtotal, Impuestos: p.Impuestos, Total: p.Total, Moneda: p.Moneda,
		Restaurante: p.Restaurante, Estado: p.Estado, ClienteID: p.ClienteID, ExpiresAt: exp, PedidoID: p.ID, Token: p.token}
	if p.CuentaID != 0 {
		if c, err := getTab(ctx, s.DB, p.CuentaID); err == nil {
			d.Descripcion = tabDescription(p.idioma, *p.Mesa, "")
			d.ExitoURL = strings.TrimPrefix(s.tabURL(p.ClienteID, TabAccess{ID: c.ID, Token: c.Token}), s.BaseURL) + "&pedido=" + strconv.FormatInt(p.ID, 10)
		}
	}
	return d, nil
}

// pickupDescription is what a checkout says an order is, in lang, with
// the count's plural: "Pedido para recoger (1 producto)", "Pickup order
// (2 items)".
func pickupDescription(lang string, n int) string {
	if menu.Lang(lang) == "en" {
		return fmt.Sprintf("Pickup order (%d %s)", n, plural(n, "item", "items"))
	}
	return fmt.Sprintf("Pedido para recoger (%d %s)", n, plural(n, "producto", "productos"))
}

// plural picks the singular for exactly one, as Spanish and English both
// do (CLDR's "one" of es and en is n = 1), else the plural.
func plural(n int, one, other string) string {
	if n == 1 {
		return one
	}
	return other
}

func units(ls []Linea) int {
	n := 0
	for _, l := range ls {
		n += l.Cantidad
	}
	return n
}
