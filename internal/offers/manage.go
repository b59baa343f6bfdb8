package offers

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"carta/internal/accounts"
	"carta/internal/apperr"
	"carta/internal/billing"
	"carta/internal/checkout"
	"carta/internal/clientes"
	"carta/internal/limits"
	"carta/internal/locale"
	"carta/internal/media"
	"carta/internal/menu"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Offers as the restaurant manages them, its card on file, and what
// diners see of their purchases.

var (
	ErrNoCard        = apperr.E(apperr.PaymentRequired, "❌ Debes registrar una tarjeta en Stripe antes de crear promociones.", "❌ You must register a card with Stripe before creating promotions.")
	ErrNoCardYet     = apperr.E(apperr.NotFound, "No hay una tarjeta registrada.", "No card is registered.")
	ErrCardRegister  = apperr.E(apperr.Invalid, "Error al registrar la tarjeta", "Error registering the card")
	ErrCardDeclined  = apperr.E(apperr.Invalid, "La tarjeta fue rechazada.", "The card was declined.")
	ErrStripeDown    = apperr.E(apperr.Unavailable, "Stripe no está disponible.", "Stripe is not available.")
	ErrCuponNotFound = apperr.E(apperr.NotFound, "Oferta no encontrada.", "Offer not found.")
	ErrCuponCodigo   = apperr.E(apperr.Conflict, "Ya existe una oferta con ese código.", "An offer with that code already exists.")
	ErrCuponEnded    = apperr.E(apperr.Conflict, "Una oferta finalizada no puede cambiar de estado.", "An ended offer cannot change state.")
	ErrCuponEstado   = apperr.E(apperr.Invalid, "Estado no válido.", "Invalid state.")
	ErrCuponImagen   = apperr.E(apperr.Invalid, "La imagen de la oferta es obligatoria.", "The offer's image is required.")
	ErrNoRefund      = apperr.E(apperr.NotFound, "No hay un reembolso pendiente para esta compra.", "There is no pending refund for this purchase.")
	ErrMerchantNone  = apperr.E(apperr.NotFound, "merchant_id no encontrado en la respuesta.", "merchant_id not found in the response.")
	ErrDemoSession   = apperr.E(apperr.NotFound, "Sesión de pago no encontrada.", "Checkout session not found.")
	ErrVoucherNone   = apperr.E(apperr.NotFound, "Cupón no encontrado.", "Voucher not found.")
)

func invalid(es, en string) error { return apperr.E(apperr.Invalid, es, en) }

func found(err, as error) error {
	if errors.Is(err, store.ErrNotFound) {
		return as
	}
	return err
}

// OfferForm is the offer form as typed (the spec's fields; precio in
// currency units, "12.50" or "12,50").
type OfferForm struct {
	Titulo, Descripcion, Codigo, Descuento, Precio, FechaExpiracion, CantidadDisponible string
	// TituloEN and DescripcionEN are optional: the English texts.
	TituloEN, DescripcionEN string
}

// CheckOffer validates the form of a new offer of the restaurant, before
// its image is stored: the restaurant needs a card on file (ErrNoCard).
// Its expiry date is read in the restaurant's time zone (see parseExpiry).
func (s *Service) CheckOffer(ctx context.Context, t tenant.ID, f OfferForm) (Cupon, error) {
	if _, err := billing.GetTarjeta(ctx, s.DB, t); errors.Is(err, store.ErrNotFound) {
		return Cupon{}, ErrNoCard
	} else if err != nil {
		return Cupon{}, err
	}
	pais, zona, err := clientes.Where(ctx, s.DB, t.Int64())
	if err != nil {
		return Cupon{}, clientes.Found(err)
	}
	return parseOffer(f, s.DB.Now(), locale.ZoneOf(pais, zona))
}

// CreateOffer stores a checked offer with its image (uploaded for the
// restaurant) and returns its id.
func (s *Service) CreateOffer(ctx context.Context, t tenant.ID, c Cupon, image media.Stored) (int64, error) {
	c.ImagenURL = image.URL
	var id int64
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if err := s.Media.Use(ctx, tx, t, c.ImagenURL); err != nil {
			return err
		}
		var err error
		id, err = CreateCupon(ctx, tx, t, c)
		if errors.Is(err, store.ErrConflict) {
			return ErrCuponCodigo
		}
		return err
	})
	return id, err
}

// parseOffer validates the offer form of a restaurant in time zone loc.
func parseOffer(in OfferForm, now time.Time, loc *time.Location) (Cupon, error) {
	f := strings.TrimSpace
	c := Cupon{Titulo: f(in.Titulo), Descripcion: f(in.Descripcion), Codigo: strings.ToUpper(f(in.Codigo)),
		TituloEN: f(in.TituloEN), DescripcionEN: f(in.DescripcionEN)}
	if c.Titulo == "" || c.Descripcion == "" || c.Codigo == "" || f(in.Descuento) == "" || f(in.Precio) == "" || f(in.FechaExpiracion) == "" || f(in.CantidadDisponible) == "" {
		return c, invalid("Todos los campos son obligatorios.", "All fields are required.")
	}
	for _, x := range []struct {
		field limits.Field
		value string
	}{{limits.OfferTitle, c.Titulo}, {limits.Description, c.Descripcion}, {limits.OfferCode, c.Codigo},
		{limits.OfferTitle, c.TituloEN}, {limits.Description, c.DescripcionEN}} {
		if _, err := x.field.Check(x.value); err != nil {
			return c, err
		}
	}
	if strings.Trim(c.Codigo, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != "" {
		return c, invalid("El código solo puede tener letras, números, - y _.", "The code may only have letters, digits, - and _.")
	}
	d, err := strconv.ParseInt(f(in.Descuento), 10, 64)
	if err != nil || d < 1 || d > 100 {
		return c, invalid("El descuento debe estar entre 1 y 100.", "The discount must be between 1 and 100.")
	}
	c.Descuento = d
	price, err := parseMoney(f(in.Precio))
	if err != nil || price <= 0 || price > 100_000_00 {
		return c, invalid("El precio no es válido.", "The price is not valid.")
	}
	c.Precio = price
	exp, err := parseExpiry(f(in.FechaExpiracion), loc)
	if err != nil || !exp.After(now) {
		return c, invalid("La fecha de expiración debe ser futura.", "The expiry date must be in the future.")
	}
	c.FechaExpiracion = exp.Unix()
	n, err := strconv.ParseInt(f(in.CantidadDisponible), 10, 64)
	if err != nil || n < 1 || n > 100000 {
		return c, invalid("La cantidad disponible debe ser al menos 1.", "The available quantity must be at least 1.")
	}
	c.CantidadDisponible = n
	return c, nil
}

// parseMoney reads a price in currency units ("12.50" or "12,50") as cents.
func parseMoney(s string) (int64, error) {
	s = strings.Replace(s, ",", ".", 1)
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 2 {
		return 0, errors.New("too many decimals")
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w < 0 {
		return 0, errors.New("bad price")
	}
	var c int64
	if frac != "" {
		for len(frac) < 2 {
			frac += "0"
		}
		if c, err = strconv.ParseInt(frac, 10, 64); err != nil {
			return 0, errors.New("bad price")
		}
	}
	return w*100 + c, nil
}

// parseExpiry reads an offer's expiry as the owner means it, in the
// restaurant's time zone loc: a date is the end of that day there
// (23:59:59 in Madrid, whatever the season and wherever the owner's device
// is), a datetime-local value is that clock time there, and RFC 3339 names
// its own offset.
func parseExpiry(s string, loc *time.Location) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.ParseInLocation("2006-01-02T15:04", s, loc); err == nil {
		return t, nil
	}
	d, err := time.Parse("2006-01-02", s)
	if err != nil {
		return time.Time{}, err
	}
	return time.Date(d.Year(), d.Month(), d.Day(), 23, 59, 59, 0, loc), nil
}

// SetEstado pauses, resumes or ends an offer of the restaurant.
func (s *Service) SetEstado(ctx context.Context, t tenant.ID, id int64, estado string) (Cupon, error) {
	if estado != "activo" && estado != "pausado" && estado != "finalizado" {
		return Cupon{}, ErrCuponEstado
	}
	if _, err := getCupon(ctx, s.DB, t, id); err != nil {
		return Cupon{}, found(err, ErrCuponNotFound)
	}
	if err := setCuponEstado(ctx, s.DB, t, id, estado); errors.Is(err, store.ErrConflict) {
		return Cupon{}, ErrCuponEnded
	} else if err != nil {
		return Cupon{}, err
	}
	c, err := getCupon(ctx, s.DB, t, id)
	return c, found(err, ErrCuponNotFound)
}

// OnSale lists the offers diners can buy, of one restaurant (or of all
// when clienteID is 0).
// Titles and descriptions are in lang ("en" or "es"), falling back to Spanish.
func (s *Service) OnSale(ctx context.Context, clienteID int64, lang string) ([]Cupon, error) {
	var scope tenant.Scope
	if clienteID != 0 {
		scope = tenant.PublicMenu(clienteID)
	}
	cs, err := ListActiveCupones(ctx, s.DB, scope)
	for i := range cs {
		cs[i] = cs[i].Localize(lang)
	}
	return cs, err
}

// Merchant is an active restaurant's merchant id (public).
func (s *Service) Merchant(ctx context.Context, p tenant.Public) (string, error) {
	c, err := clientes.Get(ctx, s.DB, p)
	if err != nil || c.MerchantID == nil || c.Estado != clientes.EstadoActivo {
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return "", err
		}
		return "", ErrMerchantNone
	}
	return *c.MerchantID, nil
}

// VoucherCode is the code of one of the diner's vouchers.
func (s *Service) VoucherCode(ctx context.Context, d tenant.Diner, compraID int64) (string, error) {
	c, err := getCompra(ctx, s.DB, compraID)
	if err != nil || c.UsuarioID == nil || *c.UsuarioID != d.Int64() || c.Voucher == "" {
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return "", err
		}
		return "", ErrVoucherNone
	}
	return c.Voucher, nil
}

// DemoCheckout is what the demo checkout page shows.
type DemoCheckout struct {
	Tipo        string `json:"tipo"` // "compra"
	Descripcion string `json:"descripcion"`
	Subtotal    int64  `json:"subtotal"`
	Fee         int64  `json:"fee"`
	Total       int64  `json:"total"`
	Moneda      string `json:"moneda"`
	Restaurante string `json:"restaurante"`
	Estado      string `json:"estado"`
	ClienteID   int64  `json:"cliente_id"`
	ExpiresAt   int64  `json:"expires_at"`
	CompraID    int64  `json:"compra_id"`
}

// DemoSession finds the purchase of a demo checkout session (its id is the
// bearer secret) for the demo checkout page (checkout.DemoKind);
// store.ErrNotFound for any other session, and for sessions of
// restaurants on a real provider.
func (s *Service) DemoSession(ctx context.Context, sess checkout.SessionRecord) (checkout.DemoView, error) {
	if !strings.HasPrefix(sess.ID, "demo_cs_") {
		return nil, store.ErrNotFound
	}
	c, err := getCompra(ctx, s.DB, sess.Ref)
	if err != nil {
		return nil, err
	}
	if c.Session != sess.ID {
		return nil, store.ErrNotFound
	}
	t := tenant.FromRecord(c.ClienteID)
	conn, err := clientes.GetPOSConnection(ctx, s.DB, t)
	if err != nil || conn.Provider != "demo" {
		return nil, store.ErrNotFound
	}
	moneda, _ := menu.Currency(ctx, s.DB, t)
	cl, _ := clientes.Get(ctx, s.DB, t)
	return DemoCheckout{Tipo: "compra", Descripcion: c.Descripcion, Subtotal: c.Subtotal, Fee: c.Fee, Total: c.Total, Moneda: moneda,
		Restaurante: cl.Nombre, Estado: c.Estado, ClienteID: c.ClienteID, ExpiresAt: c.ExpiresAt, CompraID: c.ID}, nil
}

// DemoPaymentID is the payment the demo page's 'Pagar' records.
func (d DemoCheckout) DemoPaymentID() string { return "demo_pay_" + strconv.FormatInt(d.CompraID, 10) }

// DemoAnswer is the demo page's answer about a coupon purchase once paid
// or declined (checkout.DemoView).
func (d DemoCheckout) DemoAnswer(approved bool) checkout.DemoAnswer {
	a := checkout.DemoAnswer{Fields: map[string]any{"tipo": "compra", "estado": d.Estado, "compra_id": d.CompraID, "cliente_id": d.ClienteID}}
	if approved && d.Estado == CompraPagado {
		a.MessageES, a.MessageEN = "Pago procesado correctamente. Revisa tu correo.", "Payment processed. Check your e-mail."
	}
	return a
}

// Compras lists the diner's purchases, offer titles in lang.
func (s *Service) Compras(ctx context.Context, d tenant.Diner, lang string) ([]Compra, error) {
	return ListCompras(ctx, s.DB, d, lang)
}

// Offers lists every offer of the restaurant, newest first.
func (s *Service) Offers(ctx context.Context, t tenant.ID) ([]Cupon, error) {
	return ListClienteCupones(ctx, s.DB, t)
}

// RefundsOwed lists the payments to refund and the latest refunded (super admin), with where
// each refund through the provider stands.
func (s *Service) RefundsOwed(ctx context.Context) ([]Refund, error) {
	rs, err := ListRefunds(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	return rs, s.refundDetails(ctx, rs)
}

// Purchase starts the signed-in diner's purchase of an offer: merchantID,
// when sent, must be the offer's restaurant's; the diner's own name,
// e-mail and phone go to the checkout (phone only when the account has
// none); clientTotal, when sent, must be the server's total.
func (s *Service) Purchase(ctx context.Context, d tenant.Diner, cuponID int64, merchantID, phone, lang string, clientTotal *int64) (Purchase, error) {
	if _, err := limits.MerchantID.Check(merchantID); err != nil {
		return Purchase{}, err
	}
	phone, err := limits.Phone.Check(phone)
	if err != nil {
		return Purchase{}, err
	}
	u, err := accounts.Get(ctx, s.DB, d)
	if errors.Is(err, store.ErrNotFound) {
		return Purchase{}, apperr.ErrUnauthorized
	} else if err != nil {
		return Purchase{}, err
	}
	cup, err := onSaleCupon(ctx, s.DB, cuponID)
	if errors.Is(err, store.ErrNotFound) {
		var n int
		if err := s.DB.QueryRow(ctx, `SELECT COUNT(*) FROM cupones WHERE id = ?`, cuponID).Scan(&n); err != nil {
			return Purchase{}, err
		}
		if n == 0 {
			return Purchase{}, ErrCuponNotFound
		}
		return Purchase{}, ErrSoldOut
	}
	if err != nil {
		return Purchase{}, err
	}
	if merchantID != "" {
		c, err := clientes.Get(ctx, s.DB, tenant.FromRecord(cup.ClienteID))
		if err != nil || c.MerchantID == nil || *c.MerchantID != merchantID {
			return Purchase{}, ErrNoMerchant
		}
	}
	first, last, _ := strings.Cut(u.Nombre, " ")
	if u.Telefono != "" {
		phone = u.Telefono
	}
	p, err := s.Buy(ctx, cuponID, Buyer{UsuarioID: u.ID, Email: u.Email, FirstName: first, LastName: last, Phone: phone, Lang: lang}, clientTotal)
	if e, ok := apperr.As(err); ok && e.Err != nil {
		s.Log.WarnContext(ctx, "checkout failed", "cupon_id", cuponID, "err", e.Err)
	}
	return p, err
}
