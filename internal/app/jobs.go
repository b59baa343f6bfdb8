package app

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"carta/internal/auth"
	"carta/internal/jobs"
	"carta/internal/mail"
	"carta/internal/onboarding"
	"carta/internal/store"
)

// feedInterval is how often the order feed reads the changes other
// replicas made (this replica's own are read at once).
const feedInterval = 250 * time.Millisecond

// dbHealthInterval is how often the server checks that the database
// answers (store.DB.HealthCheck): how long requests may still wait on a dead
// database before they fail fast, and how soon they work again after it is
// back.
const dbHealthInterval = time.Second

// jobInterval is how often the order, fee, hold and refund jobs run.
const jobInterval = 30 * time.Second

// campaignInterval is how often the campaign job queues a batch of each
// campaign being sent (campaigns.Service.Batch people: the throttle); a
// campaign sent now starts at once (kicked).
const campaignInterval = 5 * time.Second

// Start runs the server's background jobs until ctx ends; Wait waits for
// them. Each is a jobs.Every loop (measured per job name) inside its
// service, except the hourly sweep of expired rows, which is the server's.
func (s *Server) Start(ctx context.Context) {
	svc, d, log, mets := s.API, s.deps, s.deps.Log, s.deps.Metrics
	db := d.DB
	worker := &mail.Worker{DB: db, Sender: d.Mail, Channels: d.Channels, Log: log, Metrics: mets}
	for _, run := range []func(){
		func() { svc.Offers.Run(ctx, jobInterval) },
		func() { svc.Billing.Run(ctx, jobInterval) },
		func() { s.refunds.Run(ctx, jobInterval) },
		func() {
			svc.Ordering.Feed.Run(ctx, feedInterval, func(err error) { log.Warn("order feed", "err", err) }, jobs.Measured(mets))
		},
		func() { svc.Ordering.Run(ctx, jobInterval) },
		func() {
			jobs.Every(ctx, "db_health", dbHealthInterval, db.HealthCheck(func(down bool, err error) {
				if down {
					log.Error("database unreachable: API calls answer 503 until it is back", "err", err)
				} else {
					log.Warn("database reachable again")
				}
			}), jobs.Delayed(), jobs.Measured(mets))
		},
		func() {
			jobs.Every(ctx, "session_sweep", time.Hour, func(ctx context.Context) error { return sweepExpired(ctx, db, log) }, jobs.Measured(mets))
		},
		func() { svc.Media.RunSweep(ctx, db, 10*time.Minute, log.Warn) },
		func() { worker.Run(ctx) },
		func() { svc.Campaigns.Run(ctx, campaignInterval) },
	} {
		s.jobs.Go(run)
	}
}

// sweepExpired deletes expired sessions, throttle keys and POS connection
// states and old e-mailed links (a throttle key is kept a day past its
// window, so its strikes still count when its address comes back soon).
func sweepExpired(ctx context.Context, db *store.DB, log *slog.Logger) error {
	n, err := auth.DeleteExpiredSessions(ctx, db)
	if err != nil && ctx.Err() == nil {
		log.WarnContext(ctx, "sweep sessions", "err", err)
	} else if n > 0 {
		log.DebugContext(ctx, "swept sessions", "count", n)
	}
	_, terr := auth.DeleteExpiredThrottles(ctx, db, 24*time.Hour)
	if terr != nil && ctx.Err() == nil {
		log.WarnContext(ctx, "sweep throttle keys", "err", terr)
	}
	_, serr := onboarding.DeleteExpiredStates(ctx, db)
	if serr != nil && ctx.Err() == nil {
		log.WarnContext(ctx, "sweep POS connection states", "err", serr)
	}
	_, lerr := auth.DeleteOldLinks(ctx, db)
	if lerr != nil && ctx.Err() == nil {
		log.WarnContext(ctx, "sweep e-mailed links", "err", lerr)
	}
	return errors.Join(err, terr, serr, lerr)
}
