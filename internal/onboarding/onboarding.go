// Package onboarding is how a restaurant joins Carta: the super admin
// creates it, sends its owner a single-use link that sets the owner's
// password, connects it to its point of sale (Clover OAuth), and suspends
// or reactivates it.
package onboarding

import (
	"context"
	"errors"
	"strings"
	"time"

	"carta/internal/apperr"
	"carta/internal/audit"
	"carta/internal/auth"
	"carta/internal/clientes"
	"carta/internal/limits"
	"carta/internal/locale"
	"carta/internal/mail"
	"carta/internal/menu"
	"carta/internal/ordering"
	"carta/internal/store"
	"carta/internal/tenant"
)

// LinkTTL is how long an onboarding link works.
const LinkTTL = 72 * time.Hour

// Messages of the spec's onboarding screens, and ours.
var (
	ErrLinkFields      = apperr.E(apperr.Invalid, "Merchant ID y email son obligatorios.", "Merchant ID and e-mail are required.")
	ErrNoMerchant      = apperr.E(apperr.Invalid, "El cliente no tiene un Merchant ID válido.", "The client does not have a valid Merchant ID.")
	ErrLinkParams      = apperr.E(apperr.Invalid, "Faltan parámetros en el enlace.", "The link is missing parameters.")
	ErrLinkInvalid     = apperr.E(apperr.Invalid, "El enlace no es válido o ha caducado. Pide a Carta un enlace nuevo.", "The link is not valid or has expired. Ask Carta for a new link.")
	ErrEmailTaken      = apperr.E(apperr.Conflict, "Este correo ya pertenece a otra cuenta de Carta.", "This e-mail already belongs to another Carta account.")
	ErrNombre          = apperr.E(apperr.Invalid, "El nombre del restaurante es obligatorio.", "The restaurant's name is required.")
	ErrMerchantTaken   = apperr.E(apperr.Conflict, "Ya existe un restaurante con ese Merchant ID.", "A restaurant with that Merchant ID already exists.")
	ErrEstado          = apperr.E(apperr.Invalid, "Estado no válido: usa activo o suspendido.", "Invalid state: use activo or suspendido.")
	ErrFecha           = apperr.E(apperr.Invalid, "La fecha de próximo pago no es válida (AAAA-MM-DD).", "The next payment date is not valid (YYYY-MM-DD).")
	ErrIdioma          = apperr.E(apperr.Invalid, "El idioma debe ser es o en.", "The language must be es or en.")
	ErrConnectFields   = apperr.E(apperr.Invalid, "Todos los campos son obligatorios.", "All fields are required.")
	ErrCodeRejected    = apperr.E(apperr.Invalid, "Error 401: No autorizado. El código es inválido o ha expirado.", "Error 401: Unauthorized. The code is invalid or has expired.")
	ErrProviderDown    = apperr.E(apperr.Unavailable, "Error al conectar con el servidor.", "Error connecting to the server.")
	ErrWrongApp        = apperr.E(apperr.Invalid, "Esta conexión no es para la aplicación de Carta.", "This connection is not for Carta's app.")
	ErrMerchantRefused = apperr.E(apperr.Invalid, "El código no corresponde a ese Merchant ID.", "The code does not belong to that Merchant ID.")
	ErrConnectChoice   = apperr.E(apperr.Invalid, "Elige un restaurante existente o crea uno nuevo, no las dos cosas.", "Pick an existing restaurant or create a new one, not both.")
	// ErrLinkPending refuses silently voiding a link not used yet: the
	// request must say reemplazar.
	ErrLinkPending = apperr.E(apperr.Conflict, "Este restaurante ya tiene un enlace sin usar. ¿Enviar un enlace nuevo? El anterior dejará de funcionar.",
		"This restaurant already has an unused link. Send a new link? The previous one will stop working.")
)

// errUnknownMerchant refuses connecting a merchant id no restaurant has
// when the super admin did not choose to create one.
func errUnknownMerchant(merchantID string) error {
	return apperr.E(apperr.NotFound,
		"No hay ningún restaurante con el Merchant ID "+merchantID+". Elige un restaurante existente o confirma que quieres crear uno nuevo.",
		"No restaurant has the Merchant ID "+merchantID+". Pick an existing restaurant or confirm that you want to create a new one.")
}

// errOtherMerchant refuses connecting a restaurant to a merchant id that
// is not its own.
func errOtherMerchant(merchantID string) error {
	return apperr.E(apperr.Conflict, "Ese restaurante tiene otro Merchant ID ("+merchantID+").",
		"That restaurant has another Merchant ID ("+merchantID+").")
}

// ErrBadRequest is the provider's 400 with its reason ("Error 400:
// Solicitud incorrecta." and the server's error, or "Revisa los
// parámetros." without one).
func ErrBadRequest(detail string) error {
	detail = strings.TrimSpace(detail)
	es, en := detail, detail
	if detail == "" {
		es, en = "Revisa los parámetros.", "Check the parameters."
	}
	return apperr.E(apperr.Invalid, "Error 400: Solicitud incorrecta. "+es, "Error 400: Bad request. "+en)
}

// DefaultNombre names a restaurant connected without a name.
const DefaultNombre = "Cliente Sin Nombre"

// Connection is what connecting a merchant yields: how to reach its POS
// and its OAuth tokens.
type Connection struct {
	Provider, BaseURL string
	Tokens            clientes.Tokens
}

// Connector exchanges a merchant's OAuth authorization code for its
// tokens and checks that they are that merchant's. Its errors are
// ErrCodeRejected, ErrBadRequest(…), ErrMerchantRefused or
// ErrProviderDown.
type Connector interface {
	Connect(ctx context.Context, merchantID, code string) (Connection, error)
	// AuthorizeURL is where the browser goes to approve connecting
	// merchantID; it comes back to redirectURI with a code and state.
	AuthorizeURL(redirectURI, merchantID, state string) string
	// AppMarket reports whether merchants may start a connection
	// themselves (launching Carta's app from the POS's app market): only
	// when the code they bring back proves their merchant.
	AppMarket() bool
}

// Service is onboarding.
type Service struct {
	DB      *store.DB
	Auth    *auth.Service
	POS     Connector
	BaseURL string
	// AppID is the POS app's client id: a direct install callback naming
	// another app is refused.
	AppID string
	// NextPayment is the first platform billing date of a new restaurant:
	// a month after it joins.
	NextPayment func(now time.Time) string
}

func (s *Service) now() time.Time { return s.DB.Now() }

func (s *Service) firstPayment() string {
	if s.NextPayment != nil {
		return s.NextPayment(s.now())
	}
	return s.now().AddDate(0, 1, 0).Format(time.DateOnly)
}

// NewCliente is the super admin's new restaurant.
type NewCliente struct {
	Nombre     string `json:"nombre"`
	Email      string `json:"email"`
	MerchantID string `json:"merchant_id"`
	Idioma     string `json:"idioma"`
	// Pais is the restaurant's country (internal/locale; the default
	// country when empty): it sets the currency, the locale and the time
	// zone.
	Pais string `json:"pais"`
}

func (in *NewCliente) check() error {
	in.Nombre, in.Email, in.MerchantID = strings.TrimSpace(in.Nombre), auth.NormalizeEmail(in.Email), strings.TrimSpace(in.MerchantID)
	if in.Nombre == "" {
		return ErrNombre
	}
	if _, err := limits.Restaurant.Check(in.Nombre); err != nil {
		return err
	}
	if in.Email != "" && !auth.ValidEmail(in.Email) {
		return auth.ErrEmail
	}
	if _, err := limits.MerchantID.Check(in.MerchantID); err != nil {
		return err
	}
	if in.Idioma == "" {
		in.Idioma = "es"
	}
	if in.Idioma != "es" && in.Idioma != "en" {
		return ErrIdioma
	}
	country, err := locale.Check(in.Pais)
	if err != nil {
		return err
	}
	in.Pais = country.Pais
	return nil
}

// setCountry gives restaurant t its country's currency and time zone (its
// locale follows clientes.pais), and tells cached menus.
func setCountry(ctx context.Context, tx store.Querier, t tenant.ID, pais string) error {
	c := locale.Of(pais)
	if err := menu.SetCurrency(ctx, tx, t, c.Moneda); err != nil {
		return err
	}
	if err := ordering.SetZone(ctx, tx, t, c.ZonaHoraria); err != nil {
		return err
	}
	return menu.BumpVersion(ctx, tx, t)
}

// Create adds a restaurant, pendiente, billed first a month from now.
func (s *Service) Create(ctx context.Context, in NewCliente) (clientes.Cliente, error) {
	if err := in.check(); err != nil {
		return clientes.Cliente{}, err
	}
	c := clientes.Cliente{Nombre: in.Nombre, Email: in.Email, Idioma: in.Idioma, Pais: in.Pais, Estado: clientes.EstadoPendiente}
	if in.MerchantID != "" {
		c.MerchantID = &in.MerchantID
	}
	fecha := s.firstPayment()
	c.FechaProximoPago = &fecha
	var out clientes.Cliente
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		id, err := clientes.Create(ctx, tx, c)
		if errors.Is(err, store.ErrConflict) {
			return ErrMerchantTaken
		}
		if err != nil {
			return err
		}
		t := tenant.FromRecord(id)
		if err := setCountry(ctx, tx, t, c.Pais); err != nil {
			return err
		}
		out, err = clientes.Get(ctx, tx, t)
		return err
	})
	return out, err
}

// Edit is the super admin's change of a restaurant; nil fields stay.
type Edit struct {
	Nombre           *string `json:"nombre"`
	Email            *string `json:"email"`
	MerchantID       *string `json:"merchant_id"`
	FechaProximoPago *string `json:"fecha_proximo_pago"`
	Idioma           *string `json:"idioma"`
	// Pais moves the restaurant to another country: its currency and time
	// zone become the country's (the owner may change them afterwards).
	Pais *string `json:"pais"`
	// Estado suspends (suspendido) or reactivates (activo) the restaurant.
	Estado *string `json:"estado"`
}

// Update applies the super admin's edit. Reactivating a restaurant that
// has no owner or no POS yet brings it back to pendiente. A change of the
// merchant id, the country or the state is recorded with rec.
func (s *Service) Update(ctx context.Context, t tenant.ID, e Edit, rec ...audit.Recorder) (clientes.Cliente, error) {
	var out clientes.Cliente
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		c, err := clientes.Get(ctx, tx, t)
		if err != nil {
			return clientes.Found(err)
		}
		before := c
		in := NewCliente{Nombre: c.Nombre, Email: c.Email, Idioma: c.Idioma, Pais: c.Pais}
		if c.MerchantID != nil {
			in.MerchantID = *c.MerchantID
		}
		if e.Nombre != nil {
			in.Nombre = *e.Nombre
		}
		if e.Email != nil {
			in.Email = *e.Email
		}
		if e.MerchantID != nil {
			in.MerchantID = *e.MerchantID
		}
		if e.Idioma != nil {
			in.Idioma = *e.Idioma
		}
		if e.Pais != nil {
			if strings.TrimSpace(*e.Pais) == "" {
				return locale.ErrPais()
			}
			in.Pais = *e.Pais
		}
		if err := in.check(); err != nil {
			return err
		}
		moved := in.Pais != c.Pais
		c.Nombre, c.Email, c.Idioma, c.Pais, c.MerchantID = in.Nombre, in.Email, in.Idioma, in.Pais, nil
		if in.MerchantID != "" {
			c.MerchantID = &in.MerchantID
		}
		if e.FechaProximoPago != nil {
			f := strings.TrimSpace(*e.FechaProximoPago)
			if _, err := time.Parse(time.DateOnly, f); err != nil {
				return ErrFecha
			}
			c.FechaProximoPago = &f
		}
		if err := clientes.Update(ctx, tx, t, c); errors.Is(err, store.ErrConflict) {
			return ErrMerchantTaken
		} else if err != nil {
			return err
		}
		if moved {
			if err := setCountry(ctx, tx, t, c.Pais); err != nil {
				return err
			}
		}
		if e.Estado != nil {
			if err := menu.BumpVersion(ctx, tx, t); err != nil { // cached public reads see the change
				return err
			}
			switch *e.Estado {
			case clientes.EstadoSuspendido:
				err = clientes.SetEstado(ctx, tx, t, clientes.EstadoSuspendido)
			case clientes.EstadoActivo:
				if c.Estado == clientes.EstadoSuspendido {
					if err = clientes.SetEstado(ctx, tx, t, clientes.EstadoPendiente); err == nil {
						_, err = clientes.Activate(ctx, tx, t)
					}
				}
			default:
				return ErrEstado
			}
			if err != nil {
				return err
			}
		}
		if out, err = clientes.Get(ctx, tx, t); err != nil {
			return err
		}
		if d := editDetail(before, out); d != "" {
			return audit.Note(ctx, tx, rec, t, "restaurante.editar", "Restaurante "+out.Nombre, d)
		}
		return nil
	})
	return out, err
}

// editDetail is the audit log's account of what the super admin's edit
// changed of what reaches the restaurant's prices and its POS: the merchant
// id (which POS the orders and payments go to), the country (the currency
// and the time zone), the state (suspended: no menu, no orders). Empty:
// none of them changed.
func editDetail(was, is clientes.Cliente) string {
	var out []string
	if a, b := deref(was.MerchantID), deref(is.MerchantID); a != b {
		out = append(out, "merchant_id: "+orNone(a)+" → "+orNone(b))
	}
	if was.Pais != is.Pais {
		out = append(out, "país: "+orNone(was.Pais)+" → "+orNone(is.Pais))
	}
	if was.Estado != is.Estado {
		out = append(out, "estado: "+was.Estado+" → "+is.Estado)
	}
	return strings.Join(out, "; ")
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func orNone(s string) string {
	if s == "" {
		return "(ninguno)"
	}
	return s
}

// LinkRequest asks for an onboarding link ('Enviar Enlace').
type LinkRequest struct {
	MerchantID string `json:"merchant_id"`
	Email      string `json:"email"`
	// Reemplazar confirms sending a new link while the restaurant has one
	// not used yet (which then stops working).
	Reemplazar bool `json:"reemplazar"`
}

// SentLink is the link just e-mailed: the super admin may copy it (they
// read it in the outbox anyway) and hand it over another way.
type SentLink struct {
	URL       string `json:"enlace"`
	ExpiresAt int64  `json:"caduca"`
}

// SendLink e-mails the owner of the restaurant with that merchant id a
// link that sets their password: random, stored as its hash, single use,
// valid LinkTTL, and every earlier link of the restaurant stops working —
// which a link not used yet does only when the request says Reemplazar
// (ErrLinkPending otherwise): a second click never voids, unasked, the link
// just sent. The e-mail is queued in the outbox in the same transaction.
func (s *Service) SendLink(ctx context.Context, in LinkRequest) (SentLink, error) {
	var out SentLink
	mid, email := strings.TrimSpace(in.MerchantID), auth.NormalizeEmail(in.Email)
	if mid == "" || email == "" {
		return out, ErrLinkFields
	}
	if !auth.ValidEmail(email) {
		return out, auth.ErrEmail
	}
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		c, err := clientes.ByMerchant(ctx, tx, mid)
		if errors.Is(err, store.ErrNotFound) {
			return ErrNoMerchant
		}
		if err != nil {
			return err
		}
		// Two sends at once for one restaurant take turns here, so the
		// second sees the first's link.
		if err := clientes.Lock(ctx, tx, tenant.FromRecord(c.ID)); err != nil {
			return err
		}
		if !in.Reemplazar {
			pending, err := auth.UnspentLinks(ctx, tx, auth.LinkOnboarding, []int64{c.ID})
			if err != nil {
				return err
			}
			if _, ok := pending[c.ID]; ok {
				return ErrLinkPending
			}
		}
		token, err := auth.IssueLink(ctx, tx, auth.Link{Purpose: auth.LinkOnboarding, Kind: auth.SessionStaff, ClienteID: &c.ID, Email: email}, LinkTTL)
		if err != nil {
			return err
		}
		if c.Email == "" {
			c.Email = email
			if err := clientes.Update(ctx, tx, tenant.FromRecord(c.ID), c); err != nil {
				return err
			}
		}
		expires := s.now().Add(LinkTTL)
		out = SentLink{URL: s.LinkURL(mid, email, token), ExpiresAt: expires.Unix()}
		_, zona, err := clientes.Where(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		m := linkMail(c.Idioma, c.Nombre, out.URL, expires, c.Pais, zona)
		_, err = mail.Enqueue(ctx, tx, mail.OutboxMessage{Kind: "onboarding", To: email, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
		return err
	})
	if err != nil {
		return SentLink{}, err
	}
	return out, nil
}

// Listed is a restaurant as the super admin's list shows it: with when
// its onboarding link not used yet expires (0, left out: none).
type Listed struct {
	clientes.Cliente
	EnlaceCaduca int64 `json:"enlace_caduca,omitempty"`
}

// ListPage is a page of the super admin's list and how many match.
type ListPage struct {
	Clientes []Listed
	Total    int
}

// List is a page of the super admin's list of restaurants (clientes.Search)
// with each one's unspent onboarding link.
func (s *Service) List(ctx context.Context, f clientes.Filter) (ListPage, error) {
	p, err := clientes.Search(ctx, s.DB, f)
	if err != nil {
		return ListPage{}, err
	}
	ids := make([]int64, len(p.Clientes))
	for i, c := range p.Clientes {
		ids[i] = c.ID
	}
	pending, err := auth.UnspentLinks(ctx, s.DB, auth.LinkOnboarding, ids)
	if err != nil {
		return ListPage{}, err
	}
	out := ListPage{Clientes: make([]Listed, len(p.Clientes)), Total: p.Total}
	for i, c := range p.Clientes {
		out.Clientes[i] = Listed{Cliente: c, EnlaceCaduca: pending[c.ID]}
	}
	return out, nil
}

// LinkURL is the page an onboarding link opens.
func (s *Service) LinkURL(merchantID, email, token string) string {
	return s.BaseURL + "/establecer-password?" + linkQuery(merchantID, email, token)
}

// NewPassword is what 'Establecer Contraseña' sends.
type NewPassword struct {
	MerchantID  string `json:"merchant_id"`
	Email       string `json:"email"`
	NewPassword string `json:"new_password"`
	Token       string `json:"token"`
}

// SetPassword spends an onboarding link: it creates the restaurant's owner
// account (or sets its password), activates the restaurant when its POS
// is connected, and signs the owner in. The link must be the latest one
// sent to that merchant id and e-mail, unused and unexpired; knowing a
// merchant id and an e-mail is not enough. A refused link changes nothing.
func (s *Service) SetPassword(ctx context.Context, in NewPassword) (auth.LoginResult, error) {
	var res auth.LoginResult
	mid, email := strings.TrimSpace(in.MerchantID), auth.NormalizeEmail(in.Email)
	if mid == "" || email == "" || strings.TrimSpace(in.Token) == "" {
		return res, ErrLinkParams
	}
	if len(in.Token) > 200 {
		return res, ErrLinkInvalid
	}
	if err := auth.CheckNewPassword(in.NewPassword); err != nil {
		return res, err
	}
	// A link that cannot work is refused before any hashing (hashing is
	// slow and bounded: anonymous callers must not spend it); then the
	// password is hashed without holding the link's row, and the link
	// checked again, locked, where it is spent.
	if _, _, err := checkLink(ctx, s.DB, mid, email, in.Token, false); err != nil {
		return res, err
	}
	hash, err := s.Auth.Hash(ctx, in.NewPassword)
	if err != nil {
		return res, err
	}
	var uid, cid int64
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		linkID, c, err := checkLink(ctx, tx, mid, email, in.Token, true)
		if err != nil {
			return err
		}
		cid = c.ID
		if err := auth.SpendLink(ctx, tx, linkID); err != nil {
			return err
		}
		u, err := auth.StaffUserByEmail(ctx, tx, email)
		switch {
		case errors.Is(err, store.ErrNotFound):
			u.ID, err = auth.CreateStaffUser(ctx, tx, auth.StaffUser{Email: email, PasswordHash: hash, Role: tenant.RoleCliente, ClienteID: &c.ID})
		case err != nil:
		case u.Role != tenant.RoleCliente:
			return ErrEmailTaken
		default:
			// Staff of this restaurant, or of another (a group owner
			// onboarding their next restaurant): the link proves the
			// address, as a reset link would; they become its owner.
			if err = auth.SetStaffPassword(ctx, tx, u.ID, hash); err == nil {
				err = auth.SetMembership(ctx, tx, u.ID, c.ID, tenant.Propietario)
			}
		}
		if err != nil {
			return err
		}
		uid = u.ID
		if _, err := clientes.Activate(ctx, tx, tenant.FromRecord(c.ID)); err != nil {
			return err
		}
		if res.Token, err = s.Auth.OpenSession(ctx, tx, auth.SessionStaff, u.ID); err != nil {
			return err
		}
		// The session acts on the restaurant just set up.
		return auth.SetSessionRestaurant(ctx, tx, auth.HashToken(res.Token), c.ID)
	})
	if err != nil {
		return auth.LoginResult{}, err
	}
	// It answers like a sign-in: the restaurant, the role there and every
	// restaurant the person belongs to.
	if res.StaffInfo, err = s.Auth.Info(ctx, uid, tenant.RoleCliente, cid); err != nil {
		return auth.LoginResult{}, err
	}
	return res, nil
}

// checkLink finds the onboarding link of token and checks it may still be
// spent by that merchant id and e-mail; lock holds its row until the
// transaction ends.
func checkLink(ctx context.Context, q store.Querier, merchantID, email, token string, lock bool) (int64, clientes.Cliente, error) {
	l, err := auth.CheckLink(ctx, q, auth.LinkOnboarding, auth.SessionStaff, token, lock)
	if auth.IsLinkRefused(err) {
		return 0, clientes.Cliente{}, ErrLinkInvalid
	}
	if err != nil {
		return 0, clientes.Cliente{}, err
	}
	if l.Email != email || l.ClienteID == nil {
		return 0, clientes.Cliente{}, ErrLinkInvalid
	}
	c, err := clientes.Get(ctx, q, tenant.FromRecord(*l.ClienteID))
	if err != nil {
		return 0, c, err
	}
	if c.MerchantID == nil || *c.MerchantID != merchantID {
		return 0, c, ErrLinkInvalid
	}
	return l.ID, c, nil
}

// ConnectRequest is 'Configuración del Token de Clover': a merchant's
// authorization code, and which restaurant it connects: the one named by
// ClienteID, else the one with that merchant id, or a new one (named
// Nombre, 'Cliente Sin Nombre' without a name, with Email) only when Crear
// says the super admin chose to create it.
type ConnectRequest struct {
	MerchantID string `json:"merchant_id"`
	Code       string `json:"code"`
	Nombre     string `json:"nombre"`
	Email      string `json:"email"`
	// ClienteID picks an existing restaurant: its merchant id must be
	// MerchantID, or it has none yet and gets it.
	ClienteID int64 `json:"cliente_id"`
	// Crear creates the restaurant when no restaurant has MerchantID.
	Crear bool `json:"crear"`
}

// Connected is the answer to a connection: the restaurant connected.
type Connected struct {
	Cliente clientes.Cliente `json:"cliente"`
}

// Connect exchanges a merchant's authorization code for its tokens and
// stores them (sealed) on the restaurant the request picks (see
// ConnectRequest). Which restaurant is settled before the code is spent:
// a merchant id no restaurant has, without Crear, is refused
// (ErrUnknownMerchant) and changes nothing, so a typo never creates a
// restaurant. A restaurant that needed reconnecting is connected again.
func (s *Service) Connect(ctx context.Context, in ConnectRequest) (Connected, error) {
	in.MerchantID, in.Code = strings.TrimSpace(in.MerchantID), strings.TrimSpace(in.Code)
	if in.MerchantID == "" || in.Code == "" {
		return Connected{}, ErrConnectFields
	}
	if in.ClienteID != 0 && in.Crear {
		return Connected{}, ErrConnectChoice
	}
	if in.ClienteID < 0 {
		return Connected{}, clientes.ErrNotFound
	}
	nc := NewCliente{Nombre: in.Nombre, Email: in.Email, MerchantID: in.MerchantID}
	if in.Crear {
		if strings.TrimSpace(nc.Nombre) == "" {
			nc.Nombre = DefaultNombre
		}
		if err := nc.check(); err != nil {
			return Connected{}, err
		}
	} else if _, err := limits.MerchantID.Check(in.MerchantID); err != nil {
		return Connected{}, err
	}
	if len(in.Code) > 500 {
		return Connected{}, ErrCodeRejected
	}
	if _, err := connectTarget(ctx, s.DB, in); err != nil {
		return Connected{}, err
	}
	conn, err := s.POS.Connect(ctx, in.MerchantID, in.Code)
	if err != nil {
		return Connected{}, err
	}
	var out Connected
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		c, err := connectTarget(ctx, tx, in)
		if err != nil {
			return err
		}
		switch {
		case c.ID == 0:
			fecha := s.firstPayment()
			c.ID, err = clientes.Create(ctx, tx, clientes.Cliente{Nombre: nc.Nombre, Email: nc.Email, MerchantID: &nc.MerchantID,
				Idioma: nc.Idioma, FechaProximoPago: &fecha})
		case c.MerchantID == nil:
			c.MerchantID = &in.MerchantID
			err = clientes.Update(ctx, tx, tenant.FromRecord(c.ID), c)
		}
		if errors.Is(err, store.ErrConflict) {
			return ErrMerchantTaken
		}
		if err != nil {
			return err
		}
		out.Cliente, err = saveConnection(ctx, tx, tenant.FromRecord(c.ID), conn)
		return err
	})
	if err != nil {
		return Connected{}, err
	}
	return out, nil
}

// connectTarget is the restaurant a super admin's connection goes to; its
// ID is 0 when it is to be created (Crear, and no restaurant has the
// merchant id). The route is the super admin's, who may act on every
// restaurant.
func connectTarget(ctx context.Context, q store.Querier, in ConnectRequest) (clientes.Cliente, error) {
	if in.ClienteID > 0 {
		c, err := clientes.Get(ctx, q, tenant.FromRecord(in.ClienteID))
		if err != nil {
			return c, clientes.Found(err)
		}
		if c.MerchantID != nil && *c.MerchantID != in.MerchantID {
			return c, errOtherMerchant(*c.MerchantID)
		}
		if c.MerchantID == nil {
			if _, err := clientes.ByMerchant(ctx, q, in.MerchantID); err == nil {
				return c, ErrMerchantTaken
			} else if !errors.Is(err, store.ErrNotFound) {
				return c, err
			}
		}
		return c, nil
	}
	c, err := clientes.ByMerchant(ctx, q, in.MerchantID)
	switch {
	case err == nil && in.Crear:
		return c, ErrMerchantTaken
	case errors.Is(err, store.ErrNotFound) && in.Crear:
		return clientes.Cliente{}, nil
	case errors.Is(err, store.ErrNotFound):
		return c, errUnknownMerchant(in.MerchantID)
	}
	return c, err
}

// saveConnection stores a connection (tokens sealed) on the restaurant,
// activates it when it has its owner, and reads it back.
func saveConnection(ctx context.Context, tx *store.Tx, t tenant.ID, conn Connection) (clientes.Cliente, error) {
	if err := clientes.SetPOSConnection(ctx, tx, t, clientes.POSConnection{Provider: conn.Provider, BaseURL: conn.BaseURL,
		Token: conn.Tokens.Access, TokenExpires: conn.Tokens.AccessExpires}); err != nil {
		return clientes.Cliente{}, err
	}
	if err := clientes.SaveTokens(ctx, tx, t, conn.Tokens); err != nil {
		return clientes.Cliente{}, err
	}
	if _, err := clientes.Activate(ctx, tx, t); err != nil {
		return clientes.Cliente{}, err
	}
	return clientes.Get(ctx, tx, t)
}
