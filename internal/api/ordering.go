package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/menu"
	"carta/internal/ordering"
	"carta/internal/respond"
	"carta/internal/tenant"
)

// Online ordering: the diner's online menu, quote, order, payment and the
// order's live page; the kitchen's board, its moves and settings.

var errPedidoID = apperr.E(apperr.Invalid, "Error: No se encontró el cliente_id.", "Error: The cliente_id was not found.")

// onlineClienteID reads the cliente_id query parameter of a diner's read.
func onlineClienteID(r *http.Request) (int64, error) {
	id, err := parseClienteID(r.URL.Query().Get("cliente_id"))
	if err != nil {
		return 0, errPedidoID
	}
	return id, nil
}

// onlineMenu answers the orderable menu (public, cached like the menu).
func (s *Server) onlineMenu(w http.ResponseWriter, r *http.Request) error {
	id, err := onlineClienteID(r)
	if err != nil {
		return err
	}
	lang := menu.Lang(r.URL.Query().Get("idioma"))
	return s.Site.ServeMenu(w, r, id, "online|"+lang, nil, func(ctx context.Context, t tenant.Public) (any, error) {
		return s.Ordering.OnlineMenu(ctx, t, lang)
	})
}

// taxes answers the tax rates of the orderable products, named in the
// ?idioma= language (public, cached per language).
func (s *Server) taxes(w http.ResponseWriter, r *http.Request) error {
	id, err := onlineClienteID(r)
	if err != nil {
		return err
	}
	lang := menu.Lang(r.URL.Query().Get("idioma"))
	return s.Site.ServeMenu(w, r, id, "taxes|"+lang, nil, func(ctx context.Context, t tenant.Public) (any, error) {
		return s.Ordering.Taxes(ctx, t, lang)
	})
}

// orderAvailability answers the pickup times offered now.
func (s *Server) orderAvailability(w http.ResponseWriter, r *http.Request) error {
	id, err := onlineClienteID(r)
	if err != nil {
		return err
	}
	a, err := s.Ordering.Availability(r.Context(), id)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return ok(w, a)
}

// cartInput is a cart as the browser sends it.
type cartInput struct {
	ClienteID respond.ID             `json:"cliente_id"`
	Items     []ordering.LineRequest `json:"items"`
}

// quoteOrder prices a cart with the server's prices and taxes.
func (s *Server) quoteOrder(w http.ResponseWriter, r *http.Request) error {
	var in cartInput
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	id, err := parseClienteID(in.ClienteID.String())
	if err != nil {
		return errPedidoID
	}
	q, err := s.Ordering.Quote(r.Context(), id, respond.Lang(r), in.Items)
	if err != nil {
		return err
	}
	return ok(w, q)
}

// optionalDiner is the signed-in diner of a public route, nil for a guest
// (or a staff member); a token that is sent must be valid.
func (s *Server) optionalDiner(r *http.Request) (*tenant.Diner, error) {
	tok := auth.BearerToken(r)
	if tok == "" {
		return nil, nil
	}
	p, err := s.Auth.Authenticate(r.Context(), tok)
	if err != nil {
		return nil, err
	}
	if p.Role() != tenant.RoleUsuario {
		return nil, nil
	}
	d, err := p.Self()
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// placeOrder places a pickup order and answers its checkout page.
func (s *Server) placeOrder(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		cartInput
		OrderType string            `json:"order_type"`
		Customer  ordering.Customer `json:"customer"`
		PickupAt  int64             `json:"pickup_at"`
		Note      string            `json:"note"`
		Replaces  *struct {
			PedidoID int64  `json:"pedido_id"`
			Token    string `json:"token"`
		} `json:"replaces"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	id, err := parseClienteID(in.ClienteID.String())
	if err != nil {
		return errPedidoID
	}
	d, err := s.optionalDiner(r)
	if err != nil {
		return err
	}
	pin := ordering.PlaceInput{ClienteID: id, OrderType: in.OrderType, Items: in.Items, Customer: in.Customer, PickupAt: in.PickupAt,
		Nota: in.Note, Idioma: respond.Lang(r), Diner: d, Address: auth.ClientIP(r, s.TrustedProxies)}
	if in.Replaces != nil {
		pin.Replaces, pin.ReplacesToken = in.Replaces.PedidoID, in.Replaces.Token
	}
	p, err := s.Ordering.Place(r.Context(), pin)
	if err != nil {
		return err
	}
	respond.JSON(w, http.StatusCreated, p)
	return nil
}

// payOrder is the spec's direct pay call, for restaurants on the demo
// provider: it confirms the order's payment of exactly its total.
func (s *Server) payOrder(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		PedidoID int64  `json:"pedido_id"`
		Token    string `json:"token"`
		Amount   *int64 `json:"amount"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	id, err := parseClienteID(r.PathValue("cliente_id"))
	if err != nil {
		return errPedidoID
	}
	if in.Amount == nil {
		return ordering.ErrAmount
	}
	sg, err := s.Ordering.PayDemo(r.Context(), id, in.PedidoID, in.Token, *in.Amount)
	if err != nil {
		return err
	}
	return ok(w, map[string]any{"message": msg(r, "Pago exitoso. Orden confirmada.", "Payment successful. Order confirmed."), "pedido": sg})
}

// orderToken is the bearer secret of an order's page: the X-Pedido-Token
// header, or the t query parameter (a link from an e-mail, or a stream).
func orderToken(r *http.Request) string {
	if t := r.Header.Get("X-Pedido-Token"); t != "" {
		return t
	}
	return r.URL.Query().Get("t")
}

// followed is the order of the {id} path for its diner (its token, or the
// signed-in diner who placed it).
func (s *Server) followed(r *http.Request) (ordering.Seguimiento, error) {
	id, err := objectID(r, "id", ordering.ErrNotFound)
	if err != nil {
		return ordering.Seguimiento{}, err
	}
	d, err := s.optionalDiner(r)
	if err != nil {
		return ordering.Seguimiento{}, err
	}
	return s.Ordering.Follow(r.Context(), id, orderToken(r), d)
}

// followOrder answers an order to its diner.
func (s *Server) followOrder(w http.ResponseWriter, r *http.Request) error {
	sg, err := s.followed(r)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return ok(w, sg)
}

// followOrderEvents streams an order's changes to its diner's page: a
// paid order that can still change, within the bounds per order and per
// client address (ordering.Service.FollowLive).
func (s *Server) followOrderEvents(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", ordering.ErrNotFound)
	if err != nil {
		return err
	}
	d, err := s.optionalDiner(r)
	if err != nil {
		return err
	}
	l, err := s.Ordering.FollowLive(r.Context(), id, orderToken(r), d, auth.AddressBlock(s.clientIP(r)))
	if err != nil {
		return err
	}
	defer s.Ordering.Feed.Stop(l)
	return s.stream(w, r, l)
}

// board answers the restaurant's orders of a day (today by default).
func (s *Server) board(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	b, err := s.Ordering.Board(r.Context(), t, r.URL.Query().Get("dia"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return ok(w, b)
}

// boardEvents streams the restaurant's order changes to its boards.
func (s *Server) boardEvents(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	l, err := s.Ordering.Feed.ListenBoard(r.Context(), t)
	if err != nil {
		return err
	}
	defer s.Ordering.Feed.Stop(l)
	// A board stays open all day: on each heartbeat the person must still
	// be signed in and still work at the restaurant, or the stream ends
	// (removed from the staff, signed out everywhere, password changed).
	token := auth.BearerToken(r)
	return s.stream(w, r, l, func(ctx context.Context) bool {
		p, err := s.Auth.Authenticate(ctx, token)
		if err != nil {
			// Only a refusal ends it: a database that does not answer
			// for a moment is not a revoked session.
			return apperr.KindOf(err) != apperr.Unauthorized
		}
		_, err = p.Allow(crew.roles()...).Tenant(t.Int64())
		return err == nil
	})
}

// streamHeartbeat keeps idle streams (and the proxies between) open.
const streamHeartbeat = 20 * time.Second

// heartbeat starts a stream's heartbeat (Server.Heartbeat's, else a ticker).
func (s *Server) heartbeat() (<-chan time.Time, func()) {
	if s.Heartbeat != nil {
		return s.Heartbeat()
	}
	t := time.NewTicker(streamHeartbeat)
	return t.C, t.Stop
}

// stream writes a listener's events as Server-Sent Events until the
// client goes away: "hola" once listening (the client then reads the
// current state), "pedido" per change. An order page's stream ends after
// the change that finishes its order. With still, the stream also ends
// at a heartbeat when still answers false (the caller may no longer read
// it).
func (s *Server) stream(w http.ResponseWriter, r *http.Request, l *ordering.Listener, still ...func(context.Context) bool) error {
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(event, data string) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(15 * time.Second))
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, data); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	beats, stop := s.heartbeat()
	defer stop()
	if !send("hola", "{}") {
		return nil
	}
	for {
		select {
		case <-r.Context().Done():
			return nil
		case <-beats:
			for _, ok := range still {
				if !ok(r.Context()) {
					return nil
				}
			}
			_ = rc.SetWriteDeadline(time.Now().Add(15 * time.Second))
			if _, err := fmt.Fprint(w, ": latido\n\n"); err != nil || rc.Flush() != nil {
				return nil
			}
		case e := <-l.C:
			if !send("pedido", fmt.Sprintf(`{"id":%d,"pedido_id":%d,"estado":%q}`, e.ID, e.PedidoID, e.Estado)) || l.Ends(e) {
				return nil
			}
		}
	}
}

// staffOrderInput names the order's restaurant (a super admin must).
type staffOrderInput struct {
	ClienteID respond.ID `json:"cliente_id"`
}

// staffOrder decodes a staff action's body into in and returns the
// checked restaurant and the order id.
func staffOrder(w http.ResponseWriter, r *http.Request, in any, clienteID func() string) (tenant.ID, int64, error) {
	if err := respond.Decode(w, r, in); err != nil {
		return tenant.ID{}, 0, err
	}
	id, err := objectID(r, "id", ordering.ErrNotFound)
	if err != nil {
		return tenant.ID{}, 0, err
	}
	t, err := objectTenant(r, clienteID())
	return t, id, err
}

// moveOrder moves an order along the transition table.
func (s *Server) moveOrder(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		staffOrderInput
		Estado string `json:"estado"`
		Motivo string `json:"motivo"`
	}
	t, id, err := staffOrder(w, r, &in, func() string { return in.ClienteID.String() })
	if err != nil {
		return err
	}
	// Cancelling refunds the diner: the kitchen and the floor move orders
	// along, only a manager or the owner cancels one.
	if in.Estado == ordering.EstadoCancelado && !managerAt(r, t) {
		return tenant.ErrRole
	}
	p, err := s.Ordering.Move(r.Context(), t, id, in.Estado, in.Motivo, s.recorder(r))
	if err != nil {
		return err
	}
	return ok(w, p)
}

// pauseOrders pauses online ordering until a time (0: resume now): the
// kitchen's part of the ordering settings.
func (s *Server) pauseOrders(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		PausadoHasta *int64 `json:"pausado_hasta"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	if in.PausadoHasta == nil || *in.PausadoHasta < 0 {
		return apperr.InvalidE("Falta el campo pausado_hasta.", "The pausado_hasta field is missing.")
	}
	c, err := s.Ordering.Pause(r.Context(), t, *in.PausadoHasta)
	if err != nil {
		return err
	}
	s.Site.Forget(t.Int64())
	detalle := "Reanudados"
	if c.PausadoHasta > 0 {
		detalle = "Pausados hasta " + time.Unix(c.PausadoHasta, 0).In(c.Location()).Format("2006-01-02 15:04") + " (" + c.ZonaHoraria + ")"
	}
	if err := s.audit(r.Context(), s.DB, r, t, "pedidos.pausa", "Pedidos en línea", detalle); err != nil {
		return err
	}
	return ok(w, c)
}

// acknowledgeOrder stops a new order's alert on every board.
func (s *Server) acknowledgeOrder(w http.ResponseWriter, r *http.Request) error {
	var in staffOrderInput
	t, id, err := staffOrder(w, r, &in, func() string { return in.ClienteID.String() })
	if err != nil {
		return err
	}
	if err := s.Ordering.Acknowledge(r.Context(), t, id); err != nil {
		return err
	}
	return ok(w, map[string]any{"id": id, "visto": true})
}

// retryOrderPOS sends an order to the POS again now.
func (s *Server) retryOrderPOS(w http.ResponseWriter, r *http.Request) error {
	var in staffOrderInput
	t, id, err := staffOrder(w, r, &in, func() string { return in.ClienteID.String() })
	if err != nil {
		return err
	}
	if err := s.Ordering.RetryPOS(r.Context(), t, id); err != nil {
		return err
	}
	return ok(w, map[string]any{"id": id, "message": msg(r, "Reintentando enviar el pedido al punto de venta.", "Sending the order to the point of sale again.")})
}

// markOrderRefunded records that a cancelled order's payment was refunded
// by hand ('Marcar como reembolsado').
func (s *Server) markOrderRefunded(w http.ResponseWriter, r *http.Request) error {
	var in staffOrderInput
	t, id, err := staffOrder(w, r, &in, func() string { return in.ClienteID.String() })
	if err != nil {
		return err
	}
	p, err := s.Ordering.MarkRefunded(r.Context(), t, id, s.recorder(r))
	if err != nil {
		return err
	}
	return ok(w, p)
}

// refundOrder refunds a cancelled order's payment through the provider
// ('Reembolsar', 'Reintentar').
func (s *Server) refundOrder(w http.ResponseWriter, r *http.Request) error {
	var in staffOrderInput
	t, id, err := staffOrder(w, r, &in, func() string { return in.ClienteID.String() })
	if err != nil {
		return err
	}
	p, err := s.Ordering.Refund(r.Context(), t, id, s.recorder(r))
	if err != nil {
		return err
	}
	return ok(w, p)
}

// saveOrderConfig stores the restaurant's ordering settings.
func (s *Server) saveOrderConfig(w http.ResponseWriter, r *http.Request) error {
	var in ordering.Config
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	c, err := s.Ordering.SaveConfig(r.Context(), t, in)
	if err != nil {
		return err
	}
	s.Site.Forget(t.Int64()) // the public settings carry the time zone
	if err := s.audit(r.Context(), s.DB, r, t, "pedidos.config", "Ajustes de pedidos", orderConfigDetail(c)); err != nil {
		return err
	}
	return ok(w, c)
}

// setSoldOut marks a product sold out for today, or available again.
func (s *Server) setSoldOut(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ClienteID respond.ID `json:"cliente_id"`
		Agotado   *bool      `json:"agotado"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	if in.Agotado == nil {
		return apperr.InvalidE("Falta el campo agotado.", "The agotado field is missing.")
	}
	t, id, err := product(r, in.ClienteID.String())
	if err != nil {
		return err
	}
	if err := s.Ordering.SetSoldOut(r.Context(), t, id, *in.Agotado); err != nil {
		return err
	}
	detalle := "Disponible de nuevo"
	if *in.Agotado {
		detalle = "Agotado hoy"
	}
	if err := s.auditProducts(r, t, "producto.agotado", []int64{id}, detalle); err != nil {
		return err
	}
	return ok(w, map[string]any{"id": id, "agotado": *in.Agotado})
}

// orderConfigDetail is the audit log's summary of saved ordering settings.
func orderConfigDetail(c ordering.Config) string {
	activo := "no"
	if c.Activo {
		activo = "sí"
	}
	franja := "sin límite"
	if c.PedidosPorFranja > 0 {
		franja = strconv.Itoa(c.PedidosPorFranja)
	}
	return fmt.Sprintf("Pedidos en línea: %s; preparación: %d min; pedidos por franja: %s; horarios: %d; zona: %s",
		activo, c.PreparacionMin, franja, len(c.Horario), c.ZonaHoraria)
}
