package campaigns

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	netmail "net/mail"
	"strings"
	"sync"
	"time"

	"carta/internal/clientes"
	"carta/internal/jobs"
	"carta/internal/mail"
	"carta/internal/messaging"
	"carta/internal/store"
	"carta/internal/tenant"
)

// defaultBatch is how many recipients a pass queues per campaign.
const defaultBatch = 50

var kickOnce sync.Mutex

// kicks is the channel that wakes the job (Kick).
func (s *Service) kicks() chan struct{} {
	kickOnce.Lock()
	defer kickOnce.Unlock()
	if s.kick == nil {
		s.kick = make(chan struct{}, 1)
	}
	return s.kick
}

// Kick runs a pass soon (a campaign sent now does not wait for the tick).
func (s *Service) Kick() {
	select {
	case s.kicks() <- struct{}{}:
	default:
	}
}

// Run sends due campaigns every interval (and when kicked) until ctx ends.
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	jobs.Every(ctx, "campaigns", interval, func(pctx context.Context) error {
		n, err := s.Pass(pctx)
		if err != nil && ctx.Err() == nil && s.Log != nil {
			s.Log.WarnContext(pctx, "send campaigns", "err", err)
		} else if n > 0 && s.Log != nil {
			s.Log.InfoContext(pctx, "queued campaign messages", "count", n)
		}
		return err
	}, jobs.Measured(s.Metrics), jobs.Kicked(s.kicks()))
}

// Pass starts the scheduled campaigns that are due and queues one batch of
// each campaign being sent; it returns how many messages it queued.
func (s *Service) Pass(ctx context.Context) (int, error) {
	now := s.DB.NowUnix()
	if _, err := s.DB.Exec(ctx, `UPDATE campanas SET estado = ?, iniciada_at = ?, updated_at = ? WHERE estado = ? AND programada_at <= ?`,
		Sending, now, now, Scheduled, now); err != nil {
		return 0, fmt.Errorf("start due campaigns: %w", err)
	}
	rows, err := s.DB.Query(ctx, `SELECT id, cliente_id FROM campanas WHERE estado = ? ORDER BY id`, Sending)
	if err != nil {
		return 0, err
	}
	type due struct{ id, cliente int64 }
	var list []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.id, &d.cliente); err != nil {
			rows.Close()
			return 0, err
		}
		list = append(list, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	total := 0
	var errs []error
	for _, d := range list {
		// The campaign's own row names its restaurant: no caller here.
		n, err := s.sendBatch(ctx, tenant.FromRecord(d.cliente), d.id)
		total += n
		if err != nil {
			errs = append(errs, fmt.Errorf("campaign %d: %w", d.id, err))
		}
	}
	return total, errors.Join(errs...)
}

// sendBatch queues the next batch of campaign id's recipients in one
// transaction: each gets a campana_destinos row (unique per campaign and
// person: a second runner's insert of the same person does nothing) and
// its outbox message (deduplicated by campana:<id>:<u|g><id>). Rolled back
// whole or committed whole, so a restart resumes after the last committed
// batch. The last batch marks the campaign sent.
func (s *Service) sendBatch(ctx context.Context, t tenant.ID, id int64) (int, error) {
	batch := s.Batch
	if batch <= 0 {
		batch = defaultBatch
	}
	queued := 0
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		queued = 0
		// Locks the campaign (PostgreSQL): runners take its batches in turn;
		// a cancelled campaign queues nobody more.
		c, err := scan(tx.QueryRow(ctx, `SELECT `+cols+` FROM campanas WHERE id = ? AND cliente_id = ? AND estado = ?`+store.ForUpdate(tx),
			id, t.Int64(), Sending))
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		rest, err := clientes.Get(ctx, tx, t)
		if err != nil {
			return err
		}
		list, err := recipients(ctx, tx, t.Int64(), c.ID, c.Canal, c.Audience, batch)
		if err != nil {
			return err
		}
		now := tx.NowUnix()
		for _, r := range list {
			n, err := s.queue(ctx, tx, c, rest.Nombre, r, now)
			if err != nil {
				return err
			}
			queued += n
		}
		if len(list) < batch {
			_, err = tx.Exec(ctx, `UPDATE campanas SET estado = ?, enviada_at = ?, updated_at = ? WHERE id = ? AND estado = ?`,
				Sent, now, now, c.ID, Sending)
		}
		return err
	})
	return queued, err
}

// queue writes recipient r's row and message of campaign c (0 when another
// runner did already). A person whose address the channel cannot take is
// recorded without a message (it counts as failed).
func (s *Service) queue(ctx context.Context, tx *store.Tx, c Campaign, restaurante string, r recipient, now int64) (int, error) {
	dest := r.destino()
	did, err := store.InsertID(ctx, tx, `INSERT INTO campana_destinos (campana_id, destino, usuario_id, invitado_id, created_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (campana_id, destino) DO NOTHING`,
		c.ID, dest, nullID(r.UsuarioID), nullID(r.InvitadoID), now)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("campaign recipient: %w", err)
	}
	m := mail.OutboxMessage{Kind: "campana", Lang: c.Idioma, ClienteID: c.ClienteID, UsuarioID: r.UsuarioID, InvitadoID: r.InvitadoID,
		DedupeKey: fmt.Sprintf("campana:%d:%s", c.ID, dest)}
	switch c.Canal {
	case ChannelEmail:
		if _, perr := netmail.ParseAddress(r.Email); perr != nil {
			return 0, nil
		}
		oneClick, page, err := s.links(tx, Target{UsuarioID: r.UsuarioID, InvitadoID: r.InvitadoID, ClienteID: c.ClienteID,
			Canal: c.Canal, CampanaID: c.ID})
		if err != nil {
			return 0, err
		}
		msg := render(c.Form, r.Nombre, restaurante, page)
		m.Channel, m.To, m.Subject, m.Text, m.HTML, m.Unsubscribe = messaging.ChannelEmail, r.Email, msg.Asunto, msg.Texto, msg.HTML, oneClick
	case ChannelWhatsApp:
		phone := normalizePhone(r.Telefono)
		if !e164(phone) {
			return 0, nil
		}
		msg := render(c.Form, r.Nombre, restaurante, "")
		m.Channel, m.To, m.Template, m.Params, m.Text = messaging.ChannelWhatsApp, phone, msg.Plantilla, msg.Variables, msg.Texto
	}
	oid, err := mail.Enqueue(ctx, tx, m)
	if err != nil {
		return 0, fmt.Errorf("queue campaign message: %w", err)
	}
	if oid == 0 { // queued before under the same key
		if err := tx.QueryRow(ctx, `SELECT id FROM outbox WHERE dedupe_key = ?`, m.DedupeKey).Scan(&oid); err != nil {
			return 0, err
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE campana_destinos SET outbox_id = ? WHERE id = ?`, oid, did); err != nil {
		return 0, err
	}
	return 1, nil
}

// normalizePhone drops what people write between a phone's digits
// ("+1 305 555-0142" is +13055550142).
func normalizePhone(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '(' || r == ')' || r == '.' {
			return -1
		}
		return r
	}, strings.TrimSpace(s))
}

// e164 reports whether s is a phone in E.164 (what the outbox takes).
func e164(s string) bool {
	if len(s) < 9 || len(s) > 16 || s[0] != '+' || s[1] == '0' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
