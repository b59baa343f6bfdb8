package api

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/billing"
	"carta/internal/checkout"
	"carta/internal/media"
	"carta/internal/offers"
	"carta/internal/respond"
	"carta/internal/tenant"
)

// Coupon offers: card on file for platform fees, creating and managing
// offers, buying vouchers through the hosted checkout, payment
// confirmation, redemption and fees.

var errCuponID = apperr.E(apperr.Invalid, "❌ No se encontró un cliente_id válido.", "❌ No valid cliente_id was found.")

// billingConfig tells the web app which card form to show.
func (s *Server) billingConfig(w http.ResponseWriter, r *http.Request) error {
	return ok(w, map[string]string{"provider": s.Billing.Provider.Name(), "publishable_key": s.StripePublishableKey})
}

// verifyCard answers whether the restaurant has a card on file: "no card
// yet" is a normal answer (200, registrada false), not a missing resource.
func (s *Server) verifyCard(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	c, err := s.Billing.Card(r.Context(), t)
	if errors.Is(err, billing.ErrNoCardYet) {
		return ok(w, map[string]any{"registrada": false, "message": msg(r, "No hay una tarjeta registrada.", "No card is registered."),
			"brand": "", "last4": "", "provider": ""})
	}
	if err != nil {
		return err
	}
	return ok(w, map[string]any{"registrada": true, "message": msg(r, "Tarjeta registrada.", "Card registered."),
		"brand": c.Brand, "last4": c.Last4, "provider": c.Provider})
}

// setupCard prepares a card registration (Stripe: a SetupIntent for Elements).
func (s *Server) setupCard(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	secret, err := s.Billing.SetupCard(r.Context(), t)
	if err != nil {
		return err
	}
	return ok(w, map[string]string{"provider": s.Billing.Provider.Name(), "client_secret": secret, "publishable_key": s.StripePublishableKey})
}

// registerCard stores the card on file from the browser's token.
func (s *Server) registerCard(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Token string `json:"token"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	card, err := s.Billing.RegisterCard(r.Context(), t, in.Token)
	if err != nil {
		return err
	}
	// The token is a secret: the log names the card only.
	if err := s.audit(r.Context(), s.DB, r, t, "tarjeta.registrar", "Tarjeta "+card.Brand+" ····"+card.Last4, "Proveedor: "+card.Provider); err != nil {
		return err
	}
	return ok(w, map[string]string{"message": msg(r, "Tarjeta registrada correctamente.", "Card registered."), "brand": card.Brand, "last4": card.Last4, "provider": card.Provider})
}

// createCupon creates an offer (multipart, with its image).
func (s *Server) createCupon(w http.ResponseWriter, r *http.Request) error {
	t, err := parseUpload(w, r, errCuponID)
	if err != nil {
		return err
	}
	c, err := s.Offers.CheckOffer(r.Context(), t, offers.OfferForm{Titulo: r.FormValue("titulo"), Descripcion: r.FormValue("descripcion"),
		Codigo: r.FormValue("codigo"), Descuento: r.FormValue("descuento"), Precio: r.FormValue("precio"),
		FechaExpiracion: r.FormValue("fecha_expiracion"), CantidadDisponible: r.FormValue("cantidad_disponible"),
		TituloEN: r.FormValue("titulo_en"), DescripcionEN: r.FormValue("descripcion_en")})
	if err != nil {
		return err
	}
	if _, _, err := r.FormFile("imagen"); err != nil {
		return offers.ErrCuponImagen
	}
	img, err := s.Media.SaveFor(r, s.DB, t, "imagen", media.Card, media.KindImage)
	if err != nil {
		return err
	}
	id, err := s.Offers.CreateOffer(r.Context(), t, c, img)
	if err != nil {
		return err
	}
	if err := s.audit(r.Context(), s.DB, r, t, "cupon.crear", fmt.Sprintf("Oferta #%d (%s)", id, r.FormValue("titulo")),
		fmt.Sprintf("Precio: %s; descuento: %s; cantidad: %s", r.FormValue("precio"), r.FormValue("descuento"), r.FormValue("cantidad_disponible"))); err != nil {
		return err
	}
	respond.JSON(w, http.StatusCreated, map[string]any{"message": msg(r, "✅ Oferta creada con éxito", "✅ Offer created"), "imagen_url": img.URL, "id": id})
	return nil
}

// listCupones answers the offers diners can buy (public), of one restaurant
// when cliente_id is given.
func (s *Server) listCupones(w http.ResponseWriter, r *http.Request) error {
	var id int64
	if raw := r.URL.Query().Get("cliente_id"); raw != "" {
		var err error
		if id, err = parseClienteID(raw); err != nil {
			return err
		}
	}
	cs, err := s.Offers.OnSale(r.Context(), id, contentLang(w, r))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-cache")
	return ok(w, cs)
}

// setCuponEstado pauses, resumes or ends an offer.
func (s *Server) setCuponEstado(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Estado    string     `json:"estado"`
		ClienteID respond.ID `json:"cliente_id"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	id, err := objectID(r, "id", offers.ErrCuponNotFound)
	if err != nil {
		return err
	}
	t, err := objectTenant(r, in.ClienteID.String())
	if err != nil {
		return err
	}
	c, err := s.Offers.SetEstado(r.Context(), t, id, in.Estado)
	if err != nil {
		return err
	}
	if err := s.audit(r.Context(), s.DB, r, t, "cupon.estado", fmt.Sprintf("Oferta #%d", id), "Estado: "+in.Estado); err != nil {
		return err
	}
	return ok(w, c)
}

// clienteMerchant answers a restaurant's merchant id (public).
func (s *Server) clienteMerchant(w http.ResponseWriter, r *http.Request) error {
	id, err := parseClienteID(r.PathValue("cliente_id"))
	if err != nil {
		return apperr.E(apperr.Invalid, "cliente_id no definido. No se puede obtener Merchant ID.", "cliente_id is not defined. The Merchant ID cannot be fetched.")
	}
	m, err := s.Offers.Merchant(r.Context(), tenant.PublicMenu(id))
	if err != nil {
		return err
	}
	return ok(w, map[string]string{"merchant_id": m})
}

// checkoutCoupon starts a coupon purchase for the signed-in diner.
func (s *Server) checkoutCoupon(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		MerchantID  string     `json:"merchant_id"`
		UsuarioID   respond.ID `json:"usuario_id"`
		CuponID     respond.ID `json:"cupon_id"`
		TotalAmount *int64     `json:"total_amount"`
		Phone       string     `json:"phone_number"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	d, err := auth.FromContext(r.Context()).Self()
	if err != nil {
		return err
	}
	if in.UsuarioID != "" && in.UsuarioID.String() != strconv.FormatInt(d.Int64(), 10) {
		return apperr.ErrForbidden
	}
	cuponID, err := strconv.ParseInt(in.CuponID.String(), 10, 64)
	if err != nil {
		return offers.ErrCuponNotFound
	}
	res, err := s.Offers.Purchase(r.Context(), d, cuponID, in.MerchantID, in.Phone, contentLang(w, r), in.TotalAmount)
	if err != nil {
		return err
	}
	return ok(w, map[string]any{"checkout_url": res.CheckoutURL, "compra_id": res.CompraID, "total": res.Total})
}

// demoCheckoutSession answers what the demo checkout page shows: a
// session of any kind of purchase ("tipo" says which).
func (s *Server) demoCheckoutSession(w http.ResponseWriter, r *http.Request) error {
	v, err := s.Checkout.DemoSession(r.Context(), r.PathValue("session_id"))
	if errors.Is(err, checkout.ErrNoDemoSession) {
		return offers.ErrDemoSession
	}
	if err != nil {
		return err
	}
	return ok(w, v)
}

// demoCheckoutResult is the demo page's 'Pagar' or 'Rechazar': the same
// confirmation path as a provider's webhook, for every kind.
func (s *Server) demoCheckoutResult(approved bool) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		v, err := s.Checkout.DemoResult(r.Context(), r.PathValue("session_id"), approved)
		if errors.Is(err, checkout.ErrNoDemoSession) {
			return offers.ErrDemoSession
		}
		if err != nil {
			return err
		}
		a := v.DemoAnswer(approved)
		out := a.Fields
		if a.MessageES != "" {
			out["message"] = msg(r, a.MessageES, a.MessageEN)
		}
		return ok(w, out)
	}
}

// redeemVoucher marks a diner's voucher used (restaurant staff).
func (s *Server) redeemVoucher(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Codigo string `json:"codigo"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	v, err := s.Offers.Redeem(r.Context(), t, in.Codigo)
	if err != nil {
		return err
	}
	return ok(w, map[string]any{"message": msg(r, "Cupón canjeado correctamente.", "Voucher redeemed."), "voucher": v})
}

// markRefunded records that the super admin refunded a payment.
func (s *Server) markRefunded(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "compra_id", offers.ErrNoRefund)
	if err != nil {
		return err
	}
	if err := s.Offers.MarkRefunded(r.Context(), id, s.recorder(r)); err != nil {
		return err
	}
	return ok(w, map[string]string{"message": msg(r, "Reembolso registrado.", "Refund recorded.")})
}

// refundPurchase refunds a payment owed back through the restaurant's
// provider (super admin's 'Reembolsar'); it answers the refunds list's line.
func (s *Server) refundPurchase(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "compra_id", offers.ErrNoRefund)
	if err != nil {
		return err
	}
	line, err := s.Offers.Refund(r.Context(), id, s.recorder(r))
	if err != nil {
		return err
	}
	return ok(w, line)
}

// readWebhook reads a bounded webhook body.
func readWebhook(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		return nil, apperr.ErrBadJSON
	}
	return b, nil
}
