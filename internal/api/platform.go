package api

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/billing"
	"carta/internal/clientes"
	"carta/internal/limits"
	"carta/internal/mail"
	"carta/internal/offers"
	"carta/internal/onboarding"
	"carta/internal/ordering"
	"carta/internal/respond"
	"carta/internal/store"
)

// Running the platform (super admin): restaurants, onboarding links, the
// Clover connection, and the oversight of e-mail, fees, connections and
// refunds. Setting the password from an onboarding link and the direct
// install callback are public: the link's token, or the POS's code, is
// the credential.

const (
	clientsPage    = 50
	clientsPageMax = 200
)

// listClientes answers a page of restaurants (super admin): ?q= searches
// name, e-mail and merchant id; ?estado= and ?reconectar=1 filter;
// ?limit= (≤ 200) and ?offset= page. The body is the list; X-Total-Count
// is how many match.
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
	p, err := clientes.Search(r.Context(), s.DB, f)
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
	c, err := s.Onboarding.Update(r.Context(), t, in)
	if err != nil {
		return err
	}
	s.Site.Forget(t.Int64())
	return ok(w, c)
}

// sendOnboardingLink is 'Enviar Enlace' (super admin).
func (s *Server) sendOnboardingLink(w http.ResponseWriter, r *http.Request) error {
	var in onboarding.LinkRequest
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	if err := s.Onboarding.SendLink(r.Context(), in); err != nil {
		return err
	}
	return ok(w, map[string]string{"mensaje": msg(r, "Correo enviado exitosamente.", "E-mail sent successfully.")})
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

// connectPOS is 'Configuración del Token de Clover' (super admin).
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
	return ok(w, res)
}

// cloverInstalled is where Clover sends a merchant who installs Carta's
// app (the app's redirect URL, with merchant_id, client_id and code): the
// merchant is connected and lands on the sign-in page, which says so.
func (s *Server) cloverInstalled(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	c, err := s.Onboarding.Installed(r.Context(), q.Get("merchant_id"), q.Get("client_id"), q.Get("code"))
	to := url.Values{}
	switch {
	case err == nil:
		to.Set("clover", "conectado")
		to.Set("merchant_id", *c.MerchantID)
		s.Site.Forget(c.ID)
	case apperr.KindOf(err) == apperr.Internal:
		return err
	default:
		s.Log.WarnContext(r.Context(), "clover install callback refused", "merchant_id", q.Get("merchant_id"), "err", err)
		to.Set("clover", "error")
	}
	http.Redirect(w, r, "/login?"+to.Encode(), http.StatusSeeOther)
	return nil
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
	return ok(w, map[string]bool{"webhook_secret_configurado": secret != ""})
}

var errWebhookSecret = apperr.E(apperr.Invalid,
	"Pega el secreto del webhook tal como aparece en tu panel de Clover (Ecommerce → Hosted Checkout).",
	"Paste the webhook secret exactly as your Clover dashboard shows it (Ecommerce → Hosted Checkout).")

// Oversight is what needs the super admin's attention: the counts behind
// the dashboard's badges.
type Oversight struct {
	Clientes         clientes.Counts `json:"clientes"`
	Outbox           map[string]int  `json:"outbox"`
	FeesFallidas     int             `json:"fees_fallidas"`
	Reembolsos       int             `json:"reembolsos_pendientes"`
	PedidoReembolsos int             `json:"pedidos_reembolso_pendientes"`
}

// oversight answers the super admin's counts.
func (s *Server) oversight(ctx context.Context) (Oversight, error) {
	var o Oversight
	var err error
	if o.Clientes, err = clientes.Count(ctx, s.DB); err != nil {
		return o, err
	}
	if o.Outbox, err = mail.CountByStatus(ctx, s.DB); err != nil {
		return o, err
	}
	if o.FeesFallidas, err = billing.CountFailedFees(ctx, s.DB); err != nil {
		return o, err
	}
	if o.Reembolsos, err = offers.PendingRefunds(ctx, s.DB); err != nil {
		return o, err
	}
	o.PedidoReembolsos, err = ordering.PendingRefunds(ctx, s.DB)
	return o, err
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
