// Package campaigns is a restaurant's 'Campañas' (issue 32): its owner or
// manager writes an e-mail (subject and body) or a WhatsApp template message
// to the diners and guests who consented to that channel for that
// restaurant — all of them, those not seen in 30/60/90 days, those with
// more than N points there, or those who bought an offer — previews it with
// a real diner's data, sends it now or at a time, and reads what became of
// it (queued, sent, delivered, failed, unsubscribed).
//
// Sending is the job's (send.go): it queues a due campaign's recipients in
// batches into the outbox, one campana_destinos row per person written in
// the transaction that queues the message, so a restart resumes where it
// stopped and two runners never queue one person twice. Consent is checked
// when each batch is queued (audience.go): who unsubscribed meanwhile is not
// written to. Every marketing e-mail carries a signed one-click unsubscribe
// link (baja.go).
package campaigns

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"

	"carta/internal/apperr"
	"carta/internal/limits"
	"carta/internal/metrics"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Channels a campaign is sent on.
const (
	ChannelEmail    = "email"
	ChannelWhatsApp = "whatsapp"
)

// States of a campaign.
const (
	Draft     = "borrador"
	Scheduled = "programada"
	Sending   = "enviando"
	Sent      = "enviada"
	Cancelled = "cancelada"
)

// Audiences.
const (
	AudienceAll      = "todos"
	AudienceInactive = "inactivos"
	AudiencePoints   = "puntos"
	AudienceOffer    = "oferta"
)

// Campaign is one campaign with its counts.
type Campaign struct {
	ID        int64  `json:"id"`
	ClienteID int64  `json:"cliente_id"`
	Form             // what the owner wrote and chose
	Estado    string `json:"estado"`
	// ProgramadaAt is when it is due (Unix seconds; 0 while a draft).
	ProgramadaAt int64  `json:"programada_at"`
	IniciadaAt   int64  `json:"iniciada_at"`
	EnviadaAt    int64  `json:"enviada_at"`
	CreatedAt    int64  `json:"created_at"`
	UpdatedAt    int64  `json:"updated_at"`
	Cuentas      Counts `json:"cuentas"`
}

// Form is what the owner composes: the channel and its message, the
// language of its footer (and the WhatsApp template), the audience.
type Form struct {
	Nombre string `json:"nombre"`
	Canal  string `json:"canal"`
	// E-mail: subject and body; both may use {nombre} and {restaurante}.
	Asunto string `json:"asunto"`
	Cuerpo string `json:"cuerpo"`
	// WhatsApp: an approved template's name and its body variables.
	Plantilla string   `json:"plantilla"`
	Variables []string `json:"variables"`
	Idioma    string   `json:"idioma"`
	Audience
}

// Audience is who, among the consenting, a campaign is for.
type Audience struct {
	Audiencia string `json:"audiencia"`
	// Dias: inactivos, not seen in 30, 60 or 90 days.
	Dias int `json:"dias"`
	// PuntosMin: puntos, more than this many points at the restaurant.
	PuntosMin int64 `json:"puntos_min"`
	// CuponID: oferta, bought this offer (paid or redeemed).
	CuponID int64 `json:"cupon_id"`
}

// Counts are what became of a campaign's messages: queued (a recipient's
// message is in the outbox), sent (the channel accepted it), delivered
// (the provider reported it delivered or read; an e-mail the SMTP server
// accepted counts as delivered, e-mail reports nothing later), failed (for
// good, or the provider reported it failed), pending (queued, not yet sent
// nor failed) and unsubscribed (recipients who used its link).
type Counts struct {
	EnCola     int64 `json:"en_cola"`
	Enviados   int64 `json:"enviados"`
	Entregados int64 `json:"entregados"`
	Fallidos   int64 `json:"fallidos"`
	Pendientes int64 `json:"pendientes"`
	Bajas      int64 `json:"bajas"`
}

// Service is the campaigns of every restaurant and their sending job.
type Service struct {
	DB *store.DB
	// BaseURL is the public address the unsubscribe links point at.
	BaseURL string
	Log     *slog.Logger
	Metrics *metrics.Metrics
	// Batch is how many recipients a pass queues per campaign (0: 50): the
	// throttle, with the job's interval.
	Batch int

	kick chan struct{}
}

// Errors a caller may see.
var (
	ErrNotFound = apperr.E(apperr.NotFound, "La campaña no existe.", "The campaign does not exist.")
	ErrState    = apperr.E(apperr.Conflict, "La campaña ya no se puede cambiar en su estado actual.",
		"The campaign can no longer be changed in its current state.")
	errName     = apperr.InvalidE("Escribe un nombre para la campaña.", "Write a name for the campaign.")
	errChannel  = apperr.InvalidE("Elige el canal: correo electrónico o WhatsApp.", "Choose the channel: e-mail or WhatsApp.")
	errSubject  = apperr.InvalidE("Escribe el asunto del correo.", "Write the e-mail's subject.")
	errBody     = apperr.InvalidE("Escribe el texto del correo.", "Write the e-mail's text.")
	errTemplate = apperr.InvalidE("Escribe el nombre de una plantilla aprobada de WhatsApp (minúsculas, números y _).",
		"Write the name of an approved WhatsApp template (lower case, digits and _).")
	errVariables = apperr.InvalidE("Una plantilla admite como mucho 10 variables.", "A template takes at most 10 variables.")
	errAudience  = apperr.InvalidE("Elige a quién enviarla.", "Choose who to send it to.")
	errDays      = apperr.InvalidE("Elige 30, 60 o 90 días sin venir.", "Choose 30, 60 or 90 days without a visit.")
	errPoints    = apperr.InvalidE("Los puntos deben ser un número positivo.", "The points must be a positive number.")
	errOffer     = apperr.InvalidE("Elige una oferta de este restaurante.", "Choose an offer of this restaurant.")
	errLang      = apperr.InvalidE("El idioma debe ser es o en.", "The language must be es or en.")
	errWhen      = apperr.InvalidE("La fecha de envío no es válida.", "The sending time is not valid.")
)

// placeholderRE finds the placeholders of a text.
var placeholderRE = regexp.MustCompile(`\{([a-zA-Z_]+)\}`)

// templateRE is a WhatsApp template's name as Meta accepts it.
var templateRE = regexp.MustCompile(`^[a-z0-9_]{1,100}$`)

// checkPlaceholders refuses a placeholder that is not {nombre} or {restaurante}.
func checkPlaceholders(s string) error {
	for _, m := range placeholderRE.FindAllStringSubmatch(s, -1) {
		if m[1] != "nombre" && m[1] != "restaurante" {
			return apperr.InvalidE("Variable desconocida {"+m[1]+"}: usa {nombre} o {restaurante}.",
				"Unknown variable {"+m[1]+"}: use {nombre} or {restaurante}.")
		}
	}
	return nil
}

// check validates f for restaurant t (its offer must be t's) and trims it.
func check(ctx context.Context, q store.Querier, t tenant.ID, f *Form) error {
	var err error
	if f.Nombre, err = limits.CampaignName.Check(f.Nombre); err != nil {
		return err
	}
	if f.Nombre == "" {
		return errName
	}
	if f.Idioma == "" {
		f.Idioma = "es"
	}
	if f.Idioma != "es" && f.Idioma != "en" {
		return errLang
	}
	if f.Variables == nil {
		f.Variables = []string{}
	}
	switch f.Canal {
	case ChannelEmail:
		if f.Asunto, err = limits.CampaignSubject.Check(f.Asunto); err != nil {
			return err
		}
		if f.Cuerpo, err = limits.CampaignBody.Check(f.Cuerpo); err != nil {
			return err
		}
		if f.Asunto == "" {
			return errSubject
		}
		if f.Cuerpo == "" {
			return errBody
		}
		for _, s := range []string{f.Asunto, f.Cuerpo} {
			if err := checkPlaceholders(s); err != nil {
				return err
			}
		}
		f.Plantilla, f.Variables = "", []string{}
	case ChannelWhatsApp:
		f.Plantilla = strings.TrimSpace(f.Plantilla)
		if !templateRE.MatchString(f.Plantilla) {
			return errTemplate
		}
		if len(f.Variables) > 10 {
			return errVariables
		}
		for i, v := range f.Variables {
			if f.Variables[i], err = limits.CampaignVariable.Check(v); err != nil {
				return err
			}
			if err := checkPlaceholders(v); err != nil {
				return err
			}
		}
		f.Asunto, f.Cuerpo = "", ""
	default:
		return errChannel
	}
	return checkAudience(ctx, q, t, &f.Audience)
}

// checkAudience validates an audience (its offer must be t's) and clears
// what its kind does not use.
func checkAudience(ctx context.Context, q store.Querier, t tenant.ID, a *Audience) error {
	switch a.Audiencia {
	case AudienceAll:
		*a = Audience{Audiencia: AudienceAll}
	case AudienceInactive:
		if a.Dias != 30 && a.Dias != 60 && a.Dias != 90 {
			return errDays
		}
		*a = Audience{Audiencia: a.Audiencia, Dias: a.Dias}
	case AudiencePoints:
		if a.PuntosMin < 0 || a.PuntosMin > 1_000_000_000 {
			return errPoints
		}
		*a = Audience{Audiencia: a.Audiencia, PuntosMin: a.PuntosMin}
	case AudienceOffer:
		var one int
		err := q.QueryRow(ctx, `SELECT 1 FROM cupones WHERE id = ? AND cliente_id = ?`, a.CuponID, t.Int64()).Scan(&one)
		if errors.Is(store.NotFound(err), store.ErrNotFound) {
			return errOffer
		}
		if err != nil {
			return err
		}
		*a = Audience{Audiencia: a.Audiencia, CuponID: a.CuponID}
	default:
		return errAudience
	}
	return nil
}

const cols = `id, cliente_id, nombre, canal, asunto, cuerpo, plantilla, variables, idioma, audiencia, dias, puntos_min,
	COALESCE(cupon_id, 0), estado, programada_at, iniciada_at, enviada_at, created_at, updated_at`

func scan(s interface{ Scan(...any) error }) (Campaign, error) {
	var c Campaign
	var vars string
	err := s.Scan(&c.ID, &c.ClienteID, &c.Nombre, &c.Canal, &c.Asunto, &c.Cuerpo, &c.Plantilla, &vars, &c.Idioma,
		&c.Audiencia, &c.Dias, &c.PuntosMin, &c.CuponID, &c.Estado, &c.ProgramadaAt, &c.IniciadaAt, &c.EnviadaAt,
		&c.CreatedAt, &c.UpdatedAt)
	if err != nil {
		return c, store.NotFound(err)
	}
	c.Variables = []string{}
	if vars != "" {
		if err := json.Unmarshal([]byte(vars), &c.Variables); err != nil {
			return c, fmt.Errorf("campaign %d variables: %w", c.ID, err)
		}
	}
	return c, nil
}

func varsJSON(v []string) string {
	if len(v) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// Create stores a draft of restaurant t.
func (s *Service) Create(ctx context.Context, t tenant.ID, f Form) (Campaign, error) {
	if err := check(ctx, s.DB, t, &f); err != nil {
		return Campaign{}, err
	}
	now := s.DB.NowUnix()
	id, err := store.InsertID(ctx, s.DB, `INSERT INTO campanas (cliente_id, nombre, canal, asunto, cuerpo, plantilla, variables, idioma,
		audiencia, dias, puntos_min, cupon_id, estado, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		t.Int64(), f.Nombre, f.Canal, f.Asunto, f.Cuerpo, f.Plantilla, varsJSON(f.Variables), f.Idioma, f.Audiencia, f.Dias,
		f.PuntosMin, nullID(f.CuponID), Draft, now, now)
	if err != nil {
		return Campaign{}, fmt.Errorf("create campaign: %w", err)
	}
	return s.Get(ctx, t, id)
}

func nullID(id int64) any {
	if id <= 0 {
		return nil
	}
	return id
}

// Update changes a draft.
func (s *Service) Update(ctx context.Context, t tenant.ID, id int64, f Form) (Campaign, error) {
	if err := check(ctx, s.DB, t, &f); err != nil {
		return Campaign{}, err
	}
	if _, err := s.Get(ctx, t, id); err != nil {
		return Campaign{}, err
	}
	res, err := s.DB.Exec(ctx, `UPDATE campanas SET nombre = ?, canal = ?, asunto = ?, cuerpo = ?, plantilla = ?, variables = ?, idioma = ?,
		audiencia = ?, dias = ?, puntos_min = ?, cupon_id = ?, updated_at = ? WHERE id = ? AND cliente_id = ? AND estado = ?`,
		f.Nombre, f.Canal, f.Asunto, f.Cuerpo, f.Plantilla, varsJSON(f.Variables), f.Idioma, f.Audiencia, f.Dias, f.PuntosMin,
		nullID(f.CuponID), s.DB.NowUnix(), id, t.Int64(), Draft)
	if err != nil {
		return Campaign{}, fmt.Errorf("update campaign: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Campaign{}, ErrState
	}
	return s.Get(ctx, t, id)
}

// Delete removes a draft.
func (s *Service) Delete(ctx context.Context, t tenant.ID, id int64) error {
	if _, err := s.Get(ctx, t, id); err != nil {
		return err
	}
	res, err := s.DB.Exec(ctx, `DELETE FROM campanas WHERE id = ? AND cliente_id = ? AND estado = ?`, id, t.Int64(), Draft)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrState
	}
	return nil
}

// Get returns a campaign of restaurant t with its counts.
func (s *Service) Get(ctx context.Context, t tenant.ID, id int64) (Campaign, error) {
	c, err := scan(s.DB.QueryRow(ctx, `SELECT `+cols+` FROM campanas WHERE id = ? AND cliente_id = ?`, id, t.Int64()))
	if errors.Is(err, store.ErrNotFound) {
		return c, ErrNotFound
	}
	if err != nil {
		return c, err
	}
	c.Cuentas, err = counts(ctx, s.DB, id)
	return c, err
}

// List returns restaurant t's campaigns, newest first, with their counts.
func (s *Service) List(ctx context.Context, t tenant.ID) ([]Campaign, error) {
	rows, err := s.DB.Query(ctx, `SELECT `+cols+` FROM campanas WHERE cliente_id = ? ORDER BY id DESC LIMIT 200`, t.Int64())
	if err != nil {
		return nil, err
	}
	out := []Campaign{}
	for rows.Next() {
		c, err := scan(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		if out[i].Cuentas, err = counts(ctx, s.DB, out[i].ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// counts reads what became of a campaign's messages from its recipients'
// outbox rows.
func counts(ctx context.Context, q store.Querier, id int64) (Counts, error) {
	var c Counts
	err := q.QueryRow(ctx, `SELECT COUNT(d.id),
			COALESCE(SUM(CASE WHEN o.status = 'sent' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN o.delivery IN ('delivered', 'read') OR (o.channel = 'email' AND o.status = 'sent' AND o.delivery <> 'failed') THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN d.outbox_id IS NULL OR o.status = 'failed' OR o.delivery = 'failed' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN o.status = 'pending' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN d.baja_at > 0 THEN 1 ELSE 0 END), 0)
		FROM campana_destinos d LEFT JOIN outbox o ON o.id = d.outbox_id WHERE d.campana_id = ?`, id).
		Scan(&c.EnCola, &c.Enviados, &c.Entregados, &c.Fallidos, &c.Pendientes, &c.Bajas)
	return c, err
}

// Schedule sends a draft at at (Unix seconds; at or before now: at once).
func (s *Service) Schedule(ctx context.Context, t tenant.ID, id, at int64) (Campaign, error) {
	now := s.DB.NowUnix()
	if at < 0 || at > now+366*24*3600 {
		return Campaign{}, errWhen
	}
	if at < now {
		at = now
	}
	if _, err := s.Get(ctx, t, id); err != nil {
		return Campaign{}, err
	}
	res, err := s.DB.Exec(ctx, `UPDATE campanas SET estado = ?, programada_at = ?, updated_at = ? WHERE id = ? AND cliente_id = ? AND estado = ?`,
		Scheduled, at, now, id, t.Int64(), Draft)
	if err != nil {
		return Campaign{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Campaign{}, ErrState
	}
	if at == now {
		s.Kick()
	}
	return s.Get(ctx, t, id)
}

// Cancel stops a campaign not yet sent (a draft, scheduled, or while being
// sent: who is queued already stays queued, nobody more is).
func (s *Service) Cancel(ctx context.Context, t tenant.ID, id int64) (Campaign, error) {
	if _, err := s.Get(ctx, t, id); err != nil {
		return Campaign{}, err
	}
	res, err := s.DB.Exec(ctx, `UPDATE campanas SET estado = ?, updated_at = ? WHERE id = ? AND cliente_id = ? AND estado IN (?, ?, ?)`,
		Cancelled, s.DB.NowUnix(), id, t.Int64(), Draft, Scheduled, Sending)
	if err != nil {
		return Campaign{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Campaign{}, ErrState
	}
	return s.Get(ctx, t, id)
}
