package onboarding

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"carta/internal/apperr"
	"carta/internal/audit"
	"carta/internal/auth"
	"carta/internal/clientes"
	"carta/internal/limits"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Connecting a restaurant through the POS's OAuth flow. The callback only
// completes a connection Carta started: a state (random, stored as its
// hash, single use, StateTTL) issued when a super admin or the restaurant's
// owner clicks "connect" (StartConnect), or when a merchant launches
// Carta's app from the Clover App Market (Launch); it names the restaurant
// and who started it. The callback never creates a restaurant.

// StateTTL is how long a connection Carta started can be completed.
const StateTTL = 10 * time.Minute

// Who started a connection.
const (
	StartedBySuperAdmin = string(tenant.RoleSuperAdmin)
	StartedByOwner      = string(tenant.RoleCliente)
	StartedByAppMarket  = "app_market"
)

// The paths of Carta's Clover app: LaunchPath is its site URL (where the
// App Market sends a merchant who opens the app), CallbackPath its
// redirect URL, a subpath of the site URL as Clover requires of a
// redirect_uri.
const (
	LaunchPath   = "/api/clover/oauth"
	CallbackPath = "/api/clover/oauth/callback"
)

// The refusals of the OAuth flow.
var (
	ErrStateInvalid = apperr.E(apperr.Invalid,
		"Esta conexión con Clover no es válida, ya se completó o caducó. Vuelve a empezarla desde Carta.",
		"This Clover connection is not valid, was already completed or has expired. Start it again from Carta.")
	ErrStateMerchant = apperr.E(apperr.Invalid,
		"Esta conexión se empezó para otro comercio de Clover: no se cambió nada.",
		"This connection was started for another Clover merchant: nothing was changed.")
	ErrNoAppMarket = apperr.E(apperr.Invalid,
		"Carta no tiene configurada una aplicación de Clover: pide a Carta que conecte tu restaurante.",
		"Carta has no Clover app configured: ask Carta to connect your restaurant.")
	ErrLaunchMerchant = apperr.E(apperr.NotFound,
		"Tu comercio de Clover aún no tiene un restaurante en Carta. Contacta con Carta para darlo de alta.",
		"Your Clover merchant has no restaurant in Carta yet. Contact Carta to sign it up.")
	ErrTooManyLaunches = apperr.E(apperr.TooManyRequests,
		"Demasiados intentos de conexión desde esta red. Espera unos minutos y vuelve a abrir Carta desde Clover.",
		"Too many connection attempts from this network. Wait a few minutes and open Carta from Clover again.")
)

// LaunchesPerAddress bounds the App Market launches (public) from one
// client address (an IPv6 /64 counts as one) per 10 minutes.
const LaunchesPerAddress = 20

// StartConnect begins connecting restaurant t to its POS for p, a super
// admin or the restaurant's owner (the route checked the tenant): it
// issues a state bound to the restaurant and to p, and returns where to
// send the browser (the POS's authorize page). The restaurant needs its
// merchant id: the callback must bring that merchant back.
func (s *Service) StartConnect(ctx context.Context, p *tenant.Principal, t tenant.ID) (string, error) {
	if !p.IsStaff() {
		return "", apperr.ErrForbidden
	}
	c, err := clientes.Get(ctx, s.DB, t)
	if err != nil {
		return "", clientes.Found(err)
	}
	if c.MerchantID == nil {
		return "", ErrNoMerchant
	}
	user := p.SubjectID()
	state, err := s.issueState(ctx, c.ID, string(p.Role()), &user)
	if err != nil {
		return "", err
	}
	return s.POS.AuthorizeURL(s.BaseURL+CallbackPath, *c.MerchantID, state), nil
}

// Launch is a merchant opening Carta's app from the Clover App Market:
// Clover sends the browser to the app's site URL with merchant_id (and
// employee_id, client_id), and the app starts Clover's /oauth/v2/authorize
// step itself. The merchant id must be an existing restaurant's; the state
// issued is bound to it, and the code Clover then gives must open that
// merchant. Nothing is created here. Offline (no Clover app) there is no
// App Market: ErrNoAppMarket.
func (s *Service) Launch(ctx context.Context, merchantID, clientID, addr string) (string, error) {
	if !s.POS.AppMarket() {
		return "", ErrNoAppMarket
	}
	if clientID != "" && s.AppID != "" && clientID != s.AppID {
		return "", ErrWrongApp
	}
	rule := auth.ThrottleRule{Limit: LaunchesPerAddress, Window: 10 * time.Minute}
	if err := s.Auth.Reserve(ctx, auth.ThrottleKey{Key: "clover-launch:" + auth.AddressBlock(addr), Rule: rule}, ErrTooManyLaunches); err != nil {
		return "", err
	}
	merchantID = strings.TrimSpace(merchantID)
	if merchantID == "" || len(merchantID) > limits.MerchantID.Max {
		return "", ErrLaunchMerchant
	}
	c, err := clientes.ByMerchant(ctx, s.DB, merchantID)
	if errors.Is(err, store.ErrNotFound) {
		return "", ErrLaunchMerchant
	}
	if err != nil {
		return "", err
	}
	state, err := s.issueState(ctx, c.ID, StartedByAppMarket, nil)
	if err != nil {
		return "", err
	}
	return s.POS.AuthorizeURL(s.BaseURL+CallbackPath, merchantID, state), nil
}

// Callback is what the POS's redirect to CallbackPath carries.
type Callback struct {
	MerchantID, ClientID, Code, State string
	// Address is the browser's (the audit log's record of the connection).
	Address string
}

// Completed is a connection the callback completed: the restaurant, and
// who had started it.
type Completed struct {
	Cliente   clientes.Cliente
	StartedBy string
}

// Complete finishes a connection Carta started: the state is spent first
// (once, whatever follows), then its restaurant's merchant id must be the
// callback's, and only then is the code exchanged and the connection
// stored on that restaurant. A missing, unknown, expired or spent state is
// ErrStateInvalid; another merchant is ErrStateMerchant; either way
// nothing else changes.
func (s *Service) Complete(ctx context.Context, cb Callback) (Completed, error) {
	cb.MerchantID, cb.Code = strings.TrimSpace(cb.MerchantID), strings.TrimSpace(cb.Code)
	if cb.State == "" || len(cb.State) > 200 {
		return Completed{}, ErrStateInvalid
	}
	if cb.ClientID != "" && s.AppID != "" && cb.ClientID != s.AppID {
		return Completed{}, ErrWrongApp
	}
	var st connectState
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		var err error
		st, err = spendState(ctx, tx, cb.State)
		return err
	})
	if err != nil {
		return Completed{}, err
	}
	if st.startedBy == StartedByAppMarket && !s.POS.AppMarket() {
		return Completed{}, ErrStateInvalid
	}
	t := tenant.FromRecord(st.clienteID)
	c, err := clientes.Get(ctx, s.DB, t)
	if errors.Is(err, store.ErrNotFound) {
		return Completed{}, ErrStateInvalid
	}
	if err != nil {
		return Completed{}, err
	}
	if c.MerchantID == nil || *c.MerchantID != cb.MerchantID {
		return Completed{}, ErrStateMerchant
	}
	if cb.Code == "" || len(cb.Code) > 500 {
		return Completed{}, ErrCodeRejected
	}
	conn, err := s.POS.Connect(ctx, cb.MerchantID, cb.Code)
	if err != nil {
		return Completed{}, err
	}
	out := Completed{StartedBy: st.startedBy}
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		c, err := clientes.Get(ctx, tx, t)
		if err != nil {
			return clientes.Found(err)
		}
		if c.MerchantID == nil || *c.MerchantID != cb.MerchantID { // edited meanwhile
			return ErrStateMerchant
		}
		if out.Cliente, err = saveConnection(ctx, tx, t, conn); err != nil {
			return err
		}
		// The audit log, in the connection's transaction: who started it
		// (the callback's browser carries no session).
		e := audit.Entry{ActorID: st.staffUserID, Accion: "pos.conectar", Objeto: "Clover " + cb.MerchantID,
			Detalle: "Conexión completada (iniciada por: " + st.startedBy + ")", IP: cb.Address}
		if st.staffUserID == 0 {
			e.Actor = "Clover App Market"
		}
		return audit.Record(ctx, tx, t, e)
	})
	if err != nil {
		return Completed{}, err
	}
	return out, nil
}

// connectState is an issued state as the callback reads it.
type connectState struct {
	clienteID int64
	startedBy string
	// staffUserID is who started it (0: an App Market launch).
	staffUserID int64
}

// issueState stores a new state for the restaurant and returns it. The
// restaurant's spent and expired states go at the same time, so what is
// kept of a restaurant is what was issued in the last StateTTL.
func (s *Service) issueState(ctx context.Context, clienteID int64, startedBy string, userID *int64) (string, error) {
	state, hash, err := auth.NewToken()
	if err != nil {
		return "", err
	}
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		now := tx.NowUnix()
		if _, err := tx.Exec(ctx, `DELETE FROM pos_connect_states WHERE cliente_id = ? AND (used_at <> 0 OR expires_at <= ?)`, clienteID, now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO pos_connect_states (state_hash, cliente_id, started_by, staff_user_id, expires_at, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`, hash, clienteID, startedBy, userID, now+int64(StateTTL/time.Second), now); err != nil {
			return err
		}
		// The App Market launch is public: however often it is called, a
		// restaurant keeps its newest few launch states only (earlier tabs'
		// connections are then refused as expired); the states its staff
		// started are capped apart, so launches never void them.
		class := "started_by = 'app_market'"
		if startedBy != StartedByAppMarket {
			class = "started_by <> 'app_market'"
		}
		_, err := tx.Exec(ctx, `DELETE FROM pos_connect_states WHERE cliente_id = ? AND `+class+` AND id NOT IN
			(SELECT id FROM pos_connect_states WHERE cliente_id = ? AND `+class+` ORDER BY id DESC LIMIT `+strconv.Itoa(MaxLiveStates)+`)`, clienteID, clienteID)
		return err
	})
	if err != nil {
		return "", err
	}
	return state, nil
}

// MaxLiveStates is how many connections a restaurant may have started and
// not yet completed at once: from App Market launches, and apart from
// those, by its staff.
const MaxLiveStates = 5

// spendState marks the state used, once: of two callbacks with one state
// (a replay, or two replicas at once) only one conditional UPDATE changes
// the row.
func spendState(ctx context.Context, tx *store.Tx, state string) (connectState, error) {
	var st connectState
	hash, now := auth.HashToken(state), tx.NowUnix()
	res, err := tx.Exec(ctx, `UPDATE pos_connect_states SET used_at = ? WHERE state_hash = ? AND used_at = 0 AND expires_at > ?`, now, hash, now)
	if err != nil {
		return st, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return st, err
	} else if n != 1 {
		return st, ErrStateInvalid
	}
	var user sql.NullInt64
	err = tx.QueryRow(ctx, `SELECT cliente_id, started_by, staff_user_id FROM pos_connect_states WHERE state_hash = ?`, hash).
		Scan(&st.clienteID, &st.startedBy, &user)
	if err != nil {
		return st, err
	}
	if st.startedBy != StartedByAppMarket && !user.Valid { // a user's state outlives no user (ON DELETE CASCADE)
		return st, ErrStateInvalid
	}
	st.staffUserID = user.Int64
	return st, nil
}

// DeleteExpiredStates removes the states that can no longer be completed
// (the hourly sweep).
func DeleteExpiredStates(ctx context.Context, q store.Querier) (int64, error) {
	res, err := q.Exec(ctx, `DELETE FROM pos_connect_states WHERE expires_at <= ?`, q.NowUnix())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
