package faulttest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"carta/internal/store"
)

// The standby scenarios run their own PostgreSQL 15 clusters, made with
// Debian's tools (postgresql-common): a primary on standbyPrimaryPort and
// a synchronous streaming standby on standbyPort, both on 127.0.0.1 with
// trust authentication, torn down when the test ends. They need root (the
// tools create clusters owned by the postgres user) and skip without it.
// The shared cluster of the other tests (15/main) is not touched.
const (
	pgVersion          = "15"
	primaryCluster     = "carta_primary"
	standbyCluster     = "carta_standby"
	standbyPrimaryPort = 5441
	standbyPort        = 5442
	pgBin              = "/usr/lib/postgresql/" + pgVersion + "/bin"
)

// pgPair is a primary and its synchronous standby.
type pgPair struct {
	t testing.TB
	// URL names both servers with target_session_attrs=read-write: pgx
	// connects to whichever of them accepts writes (the primary, or the
	// standby once promoted).
	URL string
	// StandbyURL is the standby alone, for reads (a read replica).
	StandbyURL string
}

// needClusterTools skips the test unless it can make its own clusters.
func needClusterTools(t testing.TB) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("the standby tests make their own PostgreSQL clusters with pg_createcluster: run as root")
	}
	for _, tool := range []string{"pg_createcluster", "pg_ctlcluster", "pg_dropcluster", "pg_lsclusters", "runuser"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: the standby tests need Debian's postgresql-common and postgresql-%s", tool, pgVersion)
		}
	}
	if _, err := os.Stat(pgBin + "/pg_basebackup"); err != nil {
		t.Skipf("%s/pg_basebackup not found: the standby tests need postgresql-%s", pgBin, pgVersion)
	}
}

// run runs a command as root, failing the test with its output.
func run(t testing.TB, name string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a bound for a stuck tool
	defer cancel()
	out, err := exec.CommandContext(ctx, name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// dropCluster removes a cluster of this test's, stopping it first; one
// left behind by an earlier run that died is removed the same way.
func dropCluster(name string) {
	out, _ := exec.Command("pg_lsclusters", "-h").Output()
	for _, l := range strings.Split(string(out), "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == pgVersion && f[1] == name {
			_ = exec.Command("pg_dropcluster", "--stop", pgVersion, name).Run()
		}
	}
}

// newPGPair makes the primary (database carta) and a synchronous
// standby replaying it, both running; they are dropped when the test ends.
// The commands are the recipe of docs/deploy.md.
func newPGPair(t testing.TB) *pgPair {
	t.Helper()
	needClusterTools(t)
	dropCluster(standbyCluster)
	dropCluster(primaryCluster)
	t.Cleanup(func() {
		dropCluster(standbyCluster)
		dropCluster(primaryCluster)
	})
	// The primary: trust on 127.0.0.1 (initdb writes the replication
	// lines too).
	run(t, "pg_createcluster", pgVersion, primaryCluster, "-p", fmt.Sprint(standbyPrimaryPort), "--", "--auth=trust")
	confD(t, primaryCluster, `listen_addresses = '127.0.0.1'
wal_level = replica
`)
	run(t, "pg_ctlcluster", pgVersion, primaryCluster, "start")
	// The standby: its own configuration (port, hot_standby) from
	// pg_createcluster, its data a base backup of the primary; -R writes
	// primary_conninfo (naming it carta_standby, which the primary's
	// synchronous_standby_names waits for) and standby.signal.
	run(t, "pg_createcluster", pgVersion, standbyCluster, "-p", fmt.Sprint(standbyPort), "--", "--auth=trust")
	confD(t, standbyCluster, `listen_addresses = '127.0.0.1'
hot_standby = on
`)
	data := "/var/lib/postgresql/" + pgVersion + "/" + standbyCluster
	// Emptied, not removed: the directory stays the postgres user's.
	entries, err := os.ReadDir(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.RemoveAll(data + "/" + e.Name()); err != nil {
			t.Fatal(err)
		}
	}
	run(t, "runuser", "-u", "postgres", "--", pgBin+"/pg_basebackup", "-D", data, "-R", "-X", "stream", "-c", "fast",
		"-d", fmt.Sprintf("host=127.0.0.1 port=%d user=postgres application_name=%s", standbyPrimaryPort, standbyCluster))
	run(t, "pg_ctlcluster", pgVersion, standbyCluster, "start")
	// Only now the primary's commits wait for the standby (before, with no
	// standby to wait for, they would wait for ever).
	confD(t, primaryCluster, `listen_addresses = '127.0.0.1'
wal_level = replica
synchronous_standby_names = 'carta_standby'
synchronous_commit = on
`)
	run(t, "pg_ctlcluster", pgVersion, primaryCluster, "reload")

	p := &pgPair{t: t,
		URL:        fmt.Sprintf("postgres://postgres@127.0.0.1:%d,127.0.0.1:%d/carta?target_session_attrs=read-write&sslmode=disable", standbyPrimaryPort, standbyPort),
		StandbyURL: fmt.Sprintf("postgres://postgres@127.0.0.1:%d/carta?sslmode=disable", standbyPort),
	}
	// The standby is synchronous before the test writes anything.
	admin := p.open(t, fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", standbyPrimaryPort))
	Eventually(t, 30*time.Second, "the standby streaming synchronously", func() bool {
		var state string
		err := admin.QueryRow(context.Background(), `SELECT sync_state FROM pg_stat_replication WHERE application_name = ?`, standbyCluster).Scan(&state)
		return err == nil && state == "sync"
	})
	admin.Close()
	run(t, "runuser", "-u", "postgres", "--", pgBin+"/createdb", "-h", "127.0.0.1", "-p", fmt.Sprint(standbyPrimaryPort), "carta")
	// Flushed on the standby by the commit, replayed a moment later.
	Eventually(t, 30*time.Second, "the database on the standby", func() bool {
		db, err := store.Open(context.Background(), p.StandbyURL)
		if err == nil {
			db.Close()
		}
		return err == nil
	})
	return p
}

// confD writes a cluster's settings of the recipe to its conf.d (Debian's
// postgresql.conf includes the directory).
func confD(t testing.TB, cluster, conf string) {
	t.Helper()
	path := "/etc/postgresql/" + pgVersion + "/" + cluster + "/conf.d/carta.conf"
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
}

// open connects to dsn from the test's side.
func (p *pgPair) open(t testing.TB, dsn string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// KillPrimary stops the primary at once (no shutdown checkpoint: the crash
// of the scenario).
func (p *pgPair) KillPrimary() {
	run(p.t, "pg_ctlcluster", pgVersion, primaryCluster, "stop", "-m", "immediate")
}

// Promote makes the standby the primary.
func (p *pgPair) Promote() {
	run(p.t, "pg_ctlcluster", pgVersion, standbyCluster, "promote")
}

// TestPGPair makes the clusters and checks that a write on the primary
// waits for the standby and is read there: the harness of the standby
// scenarios.
func TestPGPair(t *testing.T) {
	if !Long() && os.Getenv("CARTA_TEST_STANDBY") != "1" {
		t.Skip("the standby scenarios make PostgreSQL clusters: CARTA_FAULTS_LONG=1 (make test-faults) or CARTA_TEST_STANDBY=1")
	}
	p := newPGPair(t)
	ctx := context.Background()
	db := p.open(t, p.URL)
	if _, err := db.Exec(ctx, `CREATE TABLE probe (v INTEGER)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, `INSERT INTO probe VALUES (1)`); err != nil {
		t.Fatal(err)
	}
	sb := p.open(t, p.StandbyURL)
	Eventually(t, 10*time.Second, "the row on the standby", func() bool {
		var n int
		return sb.QueryRow(ctx, `SELECT COUNT(*) FROM probe`).Scan(&n) == nil && n == 1
	})
}
