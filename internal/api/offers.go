package api

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/billing"
	"carta/internal/media"
	"carta/internal/offers"
	"carta/internal/respond"
	"carta/internal/store"
)

// Coupon offers: card on file for platform fees, creating and managing
// offers, buying vouchers through the hosted checkout, payment
// confirmation, redemption and fees.

var (
	errNoCard        = apperr.E(apperr.PaymentRequired, "❌ Debes registrar una tarjeta en Stripe antes de crear promociones.", "❌ You must register a card with Stripe before creating promotions.")
	errCardRegister  = apperr.E(apperr.Invalid, "Error al registrar la tarjeta", "Error registering the card")
	errCuponNotFound = apperr.E(apperr.NotFound, "Oferta no encontrada.", "Offer not found.")
	errCuponCodigo   = apperr.E(apperr.Conflict, "Ya existe una oferta con ese código.", "An offer with that code already exists.")
	errCuponID       = apperr.E(apperr.Invalid, "❌ No se encontró un cliente_id válido.", "❌ No valid cliente_id was found.")
)

// billingConfig tells the web app which card form to show.
func (s *Server) billingConfig(w http.ResponseWriter, r *http.Request) {
	respond.JSON(w, http.StatusOK, map[string]string{"provider": s.Offers.Billing.Name(), "publishable_key": s.StripePublishableKey})
}

// verifyCard answers whether the restaurant has a card on file.
func (s *Server) verifyCard(w http.ResponseWriter, r *http.Request) {
	id, err := tenant(r, r.PathValue("cliente_id"))
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	t, err := store.GetTarjeta(r.Context(), s.DB, id)
	if errors.Is(err, store.ErrNotFound) {
		respond.Error(w, r, apperr.E(apperr.NotFound, "No hay una tarjeta registrada.", "No card is registered."))
		return
	}
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, map[string]string{"message": msg(r, "Tarjeta registrada.", "Card registered."),
		"brand": t.Brand, "last4": t.Last4, "provider": t.Provider})
}

func (s *Server) billingRestaurant(r *http.Request, id int64) (billing.Restaurant, error) {
	c, err := store.GetCliente(r.Context(), s.DB, id)
	if err != nil {
		return billing.Restaurant{}, notFoundAs(err, errClienteNotFound)
	}
	cust, err := store.BillingCustomer(r.Context(), s.DB, id)
	return billing.Restaurant{ID: c.ID, Name: c.Nombre, Email: c.Email, CustomerID: cust}, err
}

// setupCard prepares a card registration (Stripe: a SetupIntent for Elements).
func (s *Server) setupCard(w http.ResponseWriter, r *http.Request) {
	id, err := tenant(r, r.PathValue("cliente_id"))
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	br, err := s.billingRestaurant(r, id)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	secret, cust, err := s.Offers.Billing.SetupCard(r.Context(), br)
	if err != nil {
		s.Log.Warn("billing setup failed", "cliente_id", id, "err", err)
		respond.Error(w, r, apperr.E(apperr.Unavailable, "Stripe no está disponible.", "Stripe is not available."))
		return
	}
	if cust != "" && cust != br.CustomerID {
		if err := store.SetBillingCustomer(r.Context(), s.DB, id, cust); err != nil {
			respond.Error(w, r, err)
			return
		}
	}
	respond.JSON(w, http.StatusOK, map[string]string{"provider": s.Offers.Billing.Name(), "client_secret": secret, "publishable_key": s.StripePublishableKey})
}

// registerCard stores the card on file from the browser's token.
func (s *Server) registerCard(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Token string `json:"token"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	id, err := tenant(r, r.PathValue("cliente_id"))
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if strings.TrimSpace(in.Token) == "" {
		respond.Error(w, r, errCardRegister)
		return
	}
	br, err := s.billingRestaurant(r, id)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	card, err := s.Offers.Billing.RegisterCard(r.Context(), br, strings.TrimSpace(in.Token))
	if err != nil {
		s.Log.Warn("card registration failed", "cliente_id", id, "err", err)
		e := *errCardRegister
		if errors.Is(err, billing.ErrDeclined) {
			e.ES, e.EN = "La tarjeta fue rechazada.", "The card was declined."
		}
		respond.Error(w, r, &e)
		return
	}
	err = s.DB.InTx(r.Context(), func(tx *store.Tx) error {
		if card.CustomerID != "" {
			if err := store.SetBillingCustomer(r.Context(), tx, id, card.CustomerID); err != nil {
				return err
			}
		}
		return store.SaveTarjeta(r.Context(), tx, store.Tarjeta{ClienteID: id, Provider: card.Provider, CustomerID: card.CustomerID,
			PaymentMethodID: card.PaymentMethodID, Brand: card.Brand, Last4: card.Last4})
	})
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, map[string]string{"message": msg(r, "Tarjeta registrada correctamente.", "Card registered."), "brand": card.Brand, "last4": card.Last4})
}

// createCupon creates an offer (multipart, with its image).
func (s *Server) createCupon(w http.ResponseWriter, r *http.Request) {
	id, err := parseUpload(w, r, errCuponID)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if _, err := store.GetTarjeta(r.Context(), s.DB, id); errors.Is(err, store.ErrNotFound) {
		respond.Error(w, r, errNoCard)
		return
	} else if err != nil {
		respond.Error(w, r, err)
		return
	}
	c, err := parseCupon(r, id, s.DB.Now())
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if _, _, err := r.FormFile("imagen"); err != nil {
		respond.Error(w, r, invalid("La imagen de la oferta es obligatoria.", "The offer's image is required."))
		return
	}
	st, err := s.Media.SaveMultipart(r, "imagen", media.KindImage)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if st.CardURL != st.URL {
		_ = s.Media.Delete(r.Context(), st.URL)
	}
	c.ImagenURL = st.CardURL
	c.ID, err = store.CreateCupon(r.Context(), s.DB, c)
	if err != nil {
		_ = s.Media.Delete(r.Context(), st.CardURL)
		if errors.Is(err, store.ErrConflict) {
			err = errCuponCodigo
		}
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusCreated, map[string]any{"message": msg(r, "✅ Oferta creada con éxito", "✅ Offer created"), "imagen_url": c.ImagenURL, "id": c.ID})
}

// parseCupon validates the offer form.
func parseCupon(r *http.Request, clienteID int64, now time.Time) (store.Cupon, error) {
	f := func(k string) string { return strings.TrimSpace(r.FormValue(k)) }
	c := store.Cupon{ClienteID: clienteID, Titulo: f("titulo"), Descripcion: f("descripcion"), Codigo: strings.ToUpper(f("codigo"))}
	if c.Titulo == "" || c.Descripcion == "" || c.Codigo == "" || f("descuento") == "" || f("precio") == "" || f("fecha_expiracion") == "" || f("cantidad_disponible") == "" {
		return c, invalid("Todos los campos son obligatorios.", "All fields are required.")
	}
	if utf8.RuneCountInString(c.Titulo) > 120 || utf8.RuneCountInString(c.Descripcion) > 1000 || len(c.Codigo) > 40 ||
		strings.Trim(c.Codigo, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != "" {
		return c, invalid("El título, la descripción o el código no son válidos.", "The title, description or code is not valid.")
	}
	d, err := strconv.ParseInt(f("descuento"), 10, 64)
	if err != nil || d < 1 || d > 100 {
		return c, invalid("El descuento debe estar entre 1 y 100.", "The discount must be between 1 and 100.")
	}
	c.Descuento = d
	price, err := parseMoney(f("precio"))
	if err != nil || price <= 0 || price > 100_000_00 {
		return c, invalid("El precio no es válido.", "The price is not valid.")
	}
	c.Precio = price
	exp, err := parseExpiry(f("fecha_expiracion"))
	if err != nil || !exp.After(now) {
		return c, invalid("La fecha de expiración debe ser futura.", "The expiry date must be in the future.")
	}
	c.FechaExpiracion = exp.Unix()
	n, err := strconv.ParseInt(f("cantidad_disponible"), 10, 64)
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

// parseExpiry accepts a date (end of that day, UTC), a datetime-local value
// or RFC 3339.
func parseExpiry(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse("2006-01-02T15:04", s); err == nil {
		return t, nil
	}
	t, err := time.Parse("2006-01-02", s)
	return t.Add(24*time.Hour - time.Second), err
}

// listCupones answers the offers diners can buy (public), of one restaurant
// when cliente_id is given.
func (s *Server) listCupones(w http.ResponseWriter, r *http.Request) {
	var id int64
	if raw := r.URL.Query().Get("cliente_id"); raw != "" {
		var err error
		if id, err = parseClienteID(raw); err != nil {
			respond.Error(w, r, err)
			return
		}
	}
	cs, err := store.ListActiveCupones(r.Context(), s.DB, id)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	respond.JSON(w, http.StatusOK, cs)
}

// setCuponEstado pauses, resumes or ends an offer.
func (s *Server) setCuponEstado(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Estado string `json:"estado"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	if in.Estado != "activo" && in.Estado != "pausado" && in.Estado != "finalizado" {
		respond.Error(w, r, invalid("Estado no válido.", "Invalid state."))
		return
	}
	cid, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		respond.Error(w, r, errCuponNotFound)
		return
	}
	c, err := store.GetCupon(r.Context(), s.DB, cid)
	if err == nil {
		err = auth.FromContext(r.Context()).CanActOn(c.ClienteID)
	}
	if err == nil {
		err = store.SetCuponEstado(r.Context(), s.DB, c.ClienteID, c.ID, in.Estado)
		if errors.Is(err, store.ErrConflict) {
			err = apperr.E(apperr.Conflict, "Una oferta finalizada no puede cambiar de estado.", "An ended offer cannot change state.")
		}
	}
	if err != nil {
		respond.Error(w, r, notFoundAs(err, errCuponNotFound))
		return
	}
	c, _ = store.GetCupon(r.Context(), s.DB, cid)
	respond.JSON(w, http.StatusOK, c)
}

// clienteMerchant answers a restaurant's merchant id (public).
func (s *Server) clienteMerchant(w http.ResponseWriter, r *http.Request) {
	id, err := parseClienteID(r.PathValue("cliente_id"))
	if err != nil {
		respond.Error(w, r, apperr.E(apperr.Invalid, "cliente_id no definido. No se puede obtener Merchant ID.", "cliente_id is not defined. The Merchant ID cannot be fetched."))
		return
	}
	c, err := store.GetCliente(r.Context(), s.DB, id)
	if err != nil || c.MerchantID == nil || c.Estado != store.EstadoActivo {
		respond.Error(w, r, apperr.E(apperr.NotFound, "merchant_id no encontrado en la respuesta.", "merchant_id not found in the response."))
		return
	}
	respond.JSON(w, http.StatusOK, map[string]string{"merchant_id": *c.MerchantID})
}

// checkoutCoupon starts a coupon purchase for the signed-in diner.
func (s *Server) checkoutCoupon(w http.ResponseWriter, r *http.Request) {
	var in struct {
		MerchantID  string `json:"merchant_id"`
		UsuarioID   json64 `json:"usuario_id"`
		CuponID     json64 `json:"cupon_id"`
		TotalAmount *int64 `json:"total_amount"`
		Phone       string `json:"phone_number"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	p := auth.FromContext(r.Context())
	if in.UsuarioID != "" && in.UsuarioID.String() != strconv.FormatInt(p.SubjectID, 10) {
		respond.Error(w, r, apperr.ErrForbidden)
		return
	}
	cuponID, err := strconv.ParseInt(in.CuponID.String(), 10, 64)
	if err != nil {
		respond.Error(w, r, errCuponNotFound)
		return
	}
	cup, err := store.GetCupon(r.Context(), s.DB, cuponID)
	if err != nil {
		respond.Error(w, r, notFoundAs(err, errCuponNotFound))
		return
	}
	if in.MerchantID != "" {
		c, err := store.GetCliente(r.Context(), s.DB, cup.ClienteID)
		if err != nil || c.MerchantID == nil || *c.MerchantID != in.MerchantID {
			respond.Error(w, r, offers.ErrNoMerchant)
			return
		}
	}
	u, err := store.GetUsuario(r.Context(), s.DB, p.SubjectID)
	if err != nil {
		respond.Error(w, r, notFoundAs(err, apperr.ErrUnauthorized))
		return
	}
	first, last, _ := strings.Cut(u.Nombre, " ")
	phone := u.Telefono
	if phone == "" {
		phone = strings.TrimSpace(in.Phone)
	}
	res, err := s.Offers.Buy(r.Context(), cuponID, offers.Buyer{UsuarioID: u.ID, Email: u.Email, FirstName: first, LastName: last, Phone: phone}, in.TotalAmount)
	if err != nil {
		if e, ok := apperr.As(err); ok && e.Err != nil {
			s.Log.Warn("checkout failed", "cupon_id", cuponID, "err", e.Err)
		}
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, map[string]any{"checkout_url": res.CheckoutURL, "compra_id": res.CompraID, "total": res.Total})
}

// demoCheckoutSession answers what the demo checkout page shows.
func (s *Server) demoCheckoutSession(w http.ResponseWriter, r *http.Request) {
	c, err := s.demoCompra(r)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	settings, _ := store.GetSettings(r.Context(), s.DB, c.ClienteID)
	cl, _ := store.GetCliente(r.Context(), s.DB, c.ClienteID)
	respond.JSON(w, http.StatusOK, map[string]any{"descripcion": c.Descripcion, "subtotal": c.Subtotal, "fee": c.Fee, "total": c.Total,
		"moneda": settings.Moneda, "restaurante": cl.Nombre, "estado": c.Estado, "cliente_id": c.ClienteID, "expires_at": c.ExpiresAt})
}

var errDemoSession = apperr.E(apperr.NotFound, "Sesión de pago no encontrada.", "Checkout session not found.")

// demoCompra finds the purchase of a demo checkout session; sessions of
// restaurants on a real provider are not reachable here.
func (s *Server) demoCompra(r *http.Request) (store.CompraRecord, error) {
	id := r.PathValue("session_id")
	if !strings.HasPrefix(id, "demo_cs_") {
		return store.CompraRecord{}, errDemoSession
	}
	c, err := store.GetCompraBySession(r.Context(), s.DB, id)
	if err != nil {
		return c, notFoundAs(err, errDemoSession)
	}
	conn, err := store.GetPOSConnection(r.Context(), s.DB, c.ClienteID)
	if err != nil || conn.Provider != "demo" {
		return c, errDemoSession
	}
	return c, nil
}

// demoCheckoutResult is the demo page's 'Pagar' or 'Rechazar': the same
// confirmation path as a provider's webhook.
func (s *Server) demoCheckoutResult(approved bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, err := s.demoCompra(r)
		if err == nil {
			err = s.Offers.Confirm(r.Context(), c.Session, approved)
		}
		if err != nil {
			respond.Error(w, r, err)
			return
		}
		c, _ = store.GetCompra(r.Context(), s.DB, c.ID)
		out := map[string]any{"estado": c.Estado, "compra_id": c.ID, "cliente_id": c.ClienteID}
		if approved && c.Estado == store.CompraPagado {
			out["message"] = msg(r, "Pago procesado correctamente. Revisa tu correo.", "Payment processed. Check your e-mail.")
		}
		respond.JSON(w, http.StatusOK, out)
	}
}

// redeemVoucher marks a diner's voucher used (restaurant staff).
func (s *Server) redeemVoucher(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Codigo string `json:"codigo"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	id, err := tenant(r, r.PathValue("cliente_id"))
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if strings.TrimSpace(in.Codigo) == "" {
		respond.Error(w, r, invalid("Escribe o escanea el código del cupón.", "Type or scan the voucher code."))
		return
	}
	v, err := s.Offers.Redeem(r.Context(), id, in.Codigo)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, map[string]any{"message": msg(r, "Cupón canjeado correctamente.", "Voucher redeemed."), "voucher": v})
}

// listFailedFees answers failed fees across restaurants (super admin).
func (s *Server) listFailedFees(w http.ResponseWriter, r *http.Request) {
	fs, err := store.ListFeesByEstado(r.Context(), s.DB, "fallido")
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, fs)
}

// readWebhook reads a bounded webhook body.
func readWebhook(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		return nil, apperr.ErrBadJSON
	}
	return b, nil
}
