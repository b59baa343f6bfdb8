package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/billing"
	"carta/internal/clientes"
	"carta/internal/limits"
	"carta/internal/mail"
	"carta/internal/onboarding"
	"carta/internal/panel"
	"carta/internal/respond"
	"carta/internal/store"
)

// Running the platform (super admin): restaurants, onboarding links, the
// Clover connection, and the oversight of e-mail, fees, connections and
// refunds. Setting the password from an onboarding link and Clover's
// launch and callback are public: the link's token, or the OAuth state
// Carta issued, is the credential.

const (
	clientsPage    = 50
	clientsPageMax = 200
)

// listClientes answers a page of restaurants (super admin): ?q= searches
// name, e-mail and merchant id; ?estado= and ?reconectar=1 filter;
// ?limit= (≤ 200) and ?offset= page. The body is the list, each restaurant
// with when its unspent onboarding link expires; X-Total-Count is how many
// match.
func (s *Server) listClientes(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := clientes.Filter{Query: strings.TrimSpace(q.Get("q")), Estado: q.Get("estado"), Reconnect: q.Get("reconectar") == "1", Limit: clientsPage}
	if _, err := limits.Restaurant.Check(f.Query); err != nil {
		return err
	}
	switch f.Estado {
	case "", clientes.EstadoPendiente, clientes.EstadoActivo, clientes.EstadoSuspendido:
	default:
		return onboarding.ErrEstado
	}
	var err error
	if f.Limit, err = intParam(q.Get("limit"), clientsPage, 1, clientsPageMax); err != nil {
		return err
	}
	if f.Offset, err = intParam(q.Get("offset"), 0, 0, 1<<31-1); err != nil {
		return err
	}
	p, err := s.Onboarding.List(r.Context(), f)
	if err != nil {
		return err
	}
	w.Header().Set("X-Total-Count", strconv.Itoa(p.Total))
	return ok(w, p.Clientes)
}

var errPaging = apperr.E(apperr.Invalid, "Parámetros de paginación no válidos.", "Invalid paging parameters.")

// intParam reads an optional integer query parameter within [lo, hi].
func intParam(raw string, def, lo, hi int) (int, error) {
	if raw == "" {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		return 0, errPaging
	}
	return n, nil
}

// createCliente adds a restaurant (super admin).
func (s *Server) createCliente(w http.ResponseWriter, r *http.Request) error {
	var in onboarding.NewCliente
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	c, err := s.Onboarding.Create(r.Context(), in)
	if err != nil {
		return err
	}
	respond.JSON(w, http.StatusCreated, c)
	return nil
}

// updateCliente edits, suspends or reactivates a restaurant (super admin).
func (s *Server) updateCliente(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	var in onboarding.Edit
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	c, err := s.Onboarding.Update(r.Context(), t, in, s.recorder(r))
	if err != nil {
		return err
	}
	s.Site.Forget(t.Int64())
	return ok(w, c)
}

// sendOnboardingLink is 'Enviar Enlace' (super admin): it answers the
// link sent, to copy (409 while an unspent link exists, unless the request
// says reemplazar).
func (s *Server) sendOnboardingLink(w http.ResponseWriter, r *http.Request) error {
	var in onboarding.LinkRequest
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	sent, err := s.Onboarding.SendLink(r.Context(), in)
	if err != nil {
		return err
	}
	return ok(w, struct {
		Mensaje string `json:"mensaje"`
		onboarding.SentLink
	}{msg(r, "Correo enviado exitosamente.", "E-mail sent successfully."), sent})
}

// setOwnerPassword is 'Establecer Contraseña' (public: the link's token is
// the credential); it answers like a sign-in.
func (s *Server) setOwnerPassword(w http.ResponseWriter, r *http.Request) error {
	var in onboarding.NewPassword
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	res, err := s.Onboarding.SetPassword(r.Context(), in)
	if err != nil {
		return err
	}
	return ok(w, res)
}

// connectPOS is 'Configuración del Token de Clover' (super admin): a
// merchant's authorization code connects the restaurant the request picks,
// or one it explicitly creates.
func (s *Server) connectPOS(w http.ResponseWriter, r *http.Request) error {
	var in onboarding.ConnectRequest
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	res, err := s.Onboarding.Connect(r.Context(), in)
	if err != nil {
		return err
	}
	s.Site.Forget(res.Cliente.ID)
	mid := ""
	if res.Cliente.MerchantID != nil {
		mid = *res.Cliente.MerchantID
	}
	t, err := auth.FromContext(r.Context()).Tenant(res.Cliente.ID)
	if err != nil {
		return err
	}
	if err := s.audit(r.Context(), s.DB, r, t, "pos.conectar", "Clover "+mid, "Código de autorización del comercio (super admin)"); err != nil {
		return err
	}
	return ok(w, map[string]any{
		"mensaje": msg(r, fmt.Sprintf("%s quedó conectado con Clover (Merchant ID %s).", res.Cliente.Nombre, mid),
			fmt.Sprintf("%s is connected to Clover (Merchant ID %s).", res.Cliente.Nombre, mid)),
		"cliente": res.Cliente,
	})
}

// startPOSConnect is "Conectar con Clover" of a super admin or the
// restaurant's owner: it answers the URL to send the browser to (the POS's
// authorize page), carrying a state only this connection can complete.
func (s *Server) startPOSConnect(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	to, err := s.Onboarding.StartConnect(r.Context(), auth.FromContext(r.Context()), t)
	if err != nil {
		return err
	}
	if err := s.audit(r.Context(), s.DB, r, t, "pos.conectar", "Clover", "Conexión iniciada (autorización en Clover)"); err != nil {
		return err
	}
	return ok(w, map[string]string{"url": to})
}

// cloverLaunch is the site URL of Carta's Clover app: the App Market sends
// a merchant who opens the app here (merchant_id, employee_id, client_id),
// and Carta starts Clover's authorize step with a state of its own.
func (s *Server) cloverLaunch(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	mid := q.Get("merchant_id")
	if mid == "" {
		mid = q.Get("merchantId")
	}
	to, err := s.Onboarding.Launch(r.Context(), mid, q.Get("client_id"), s.clientIP(r))
	if err != nil {
		return s.connectResult(w, r, mid, nil, err)
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
	return nil
}

// cloverCallback is the redirect URL of Carta's Clover app (merchant_id,
// client_id, employee_id, code, state): it completes only a connection
// Carta started, and lands on the page that says how it went.
func (s *Server) cloverCallback(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	res, err := s.Onboarding.Complete(r.Context(), onboarding.Callback{MerchantID: q.Get("merchant_id"), ClientID: q.Get("client_id"),
		Code: q.Get("code"), State: q.Get("state"), Address: s.clientIP(r)})
	if err == nil {
		s.Site.Forget(res.Cliente.ID)
	}
	return s.connectResult(w, r, q.Get("merchant_id"), &res.Cliente, err)
}

// connectResult sends the browser of the OAuth flow to /clover/conexion,
// which says how it went (resultado) and how to start again; an internal
// failure is a 500 like any other.
func (s *Server) connectResult(w http.ResponseWriter, r *http.Request, merchantID string, c *clientes.Cliente, err error) error {
	to := url.Values{}
	switch {
	case err == nil:
		to.Set("resultado", "conectado")
		to.Set("cliente_id", strconv.FormatInt(c.ID, 10))
		to.Set("merchant_id", *c.MerchantID)
	case apperr.KindOf(err) == apperr.Internal:
		return err
	default:
		s.Log.WarnContext(r.Context(), "clover connection refused", "merchant_id", limitText(merchantID, 64), "err", err)
		to.Set("resultado", connectOutcome(err))
	}
	http.Redirect(w, r, "/clover/conexion?"+to.Encode(), http.StatusSeeOther)
	return nil
}

// connectOutcome names a refused connection for the result page.
func connectOutcome(err error) string {
	switch {
	case errors.Is(err, onboarding.ErrStateInvalid):
		return "caducado"
	case errors.Is(err, onboarding.ErrStateMerchant):
		return "otro-comercio"
	case errors.Is(err, onboarding.ErrProviderDown):
		return "no-disponible"
	case errors.Is(err, onboarding.ErrNoAppMarket):
		return "sin-app"
	case errors.Is(err, onboarding.ErrLaunchMerchant):
		return "sin-restaurante"
	case errors.Is(err, onboarding.ErrTooManyLaunches):
		return "demasiados"
	}
	return "rechazado"
}

// limitText cuts a logged value a caller chose to n bytes (whole
// characters).
func limitText(s string, n int) string {
	if len(s) > n {
		return strings.ToValidUTF8(s[:n], "")
	}
	return s
}

// setWebhookSecret stores the restaurant's own hosted-checkout webhook
// signing secret (owner or super admin); empty removes it.
func (s *Server) setWebhookSecret(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	var in struct {
		Secret *string `json:"webhook_secret"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	if in.Secret == nil {
		return errWebhookSecret
	}
	secret := strings.TrimSpace(*in.Secret)
	if len(secret) > 200 || strings.ContainsAny(secret, " \t\r\n") {
		return errWebhookSecret
	}
	if err := clientes.SetWebhookSecret(r.Context(), s.DB, t, secret); err != nil {
		return err
	}
	// Never the secret itself: only whether one is set.
	detalle := "Secreto propio configurado"
	if secret == "" {
		detalle = "Secreto propio eliminado (se usa el de la plataforma)"
	}
	if err := s.audit(r.Context(), s.DB, r, t, "pos.webhook_secret", "Webhook de Clover Hosted Checkout", detalle); err != nil {
		return err
	}
	return ok(w, map[string]bool{"webhook_secret_configurado": secret != ""})
}

var errWebhookSecret = apperr.E(apperr.Invalid,
	"Pega el secreto del webhook tal como aparece en tu panel de Clover (Ecommerce → Hosted Checkout).",
	"Paste the webhook secret exactly as your Clover dashboard shows it (Ecommerce → Hosted Checkout).")

// oversight answers the super admin's counts (panel.Service.Oversight).
func (s *Server) oversight(ctx context.Context) (panel.Oversight, error) {
	return s.Panel.Oversight(ctx)
}

var errNoMessage = apperr.E(apperr.NotFound, "Este correo no existe o se está enviando.", "This e-mail does not exist or is being sent.")

// resendMail queues an e-mail of the outbox again (super admin).
func (s *Server) resendMail(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", errNoMessage)
	if err != nil {
		return err
	}
	if err := mail.Resend(r.Context(), s.DB, id); errors.Is(err, store.ErrNotFound) {
		return errNoMessage
	} else if err != nil {
		return err
	}
	return ok(w, map[string]string{"message": msg(r, "Correo en cola para reenviar.", "E-mail queued to be sent again.")})
}

// retryFee queues a failed platform fee again (super admin).
func (s *Server) retryFee(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", billing.ErrNoFailedFee)
	if err != nil {
		return err
	}
	if err := s.Billing.RetryFee(r.Context(), id); err != nil {
		return err
	}
	return ok(w, map[string]string{"message": msg(r, "Cobro en cola para reintentar.", "Charge queued to be retried.")})
}
