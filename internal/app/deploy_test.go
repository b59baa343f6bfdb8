package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"carta/internal/media/mediatest"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// s3Env is the environment (for envFor or startServe) of a server storing
// its media in the fake S3's bucket, under the prefix carta.
func s3Env(fake mediatest.FakeS3) []string {
	return []string{"CARTA_MEDIA_URL", "s3://" + fake.Bucket + "/carta", "CARTA_S3_ENDPOINT", fake.Endpoint, "CARTA_S3_PATH_STYLE", "1",
		"CARTA_S3_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", fake.AccessKey, "AWS_SECRET_ACCESS_KEY", fake.SecretKey}
}

// Two replicas on one PostgreSQL and one bucket: a file stored through one
// (the demo's images, seeded by A) is served by the other, which has no
// local copy.
func TestReplicasShareMediaOnS3(t *testing.T) {
	dsn := storetest.PostgresURL(t)
	fake := mediatest.S3(t)
	env := append(s3Env(fake), "CARTA_DATABASE_URL", dsn, "CARTA_METRICS_ADDR", "off")
	_, _, stopA := startServe(t, t.TempDir(), append(env, "CARTA_DEMO", "1")...)
	defer stopA()
	dirB := t.TempDir()
	urlB, _, stopB := startServe(t, dirB, env...)
	defer stopB()
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var name string
	if err := db.QueryRow(context.Background(), `SELECT name FROM media ORDER BY name LIMIT 1`).Scan(&name); err != nil {
		t.Fatalf("no media recorded: %v", err)
	}
	resp, err := http.Get(urlB + "/media/" + name)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("replica B serving %s stored through A: %d", name, resp.StatusCode)
	}
	if _, err := os.Stat(filepath.Join(dirB, "media", name)); !os.IsNotExist(err) {
		t.Fatalf("B has a local copy: %v", err)
	}
}

// signIn signs a staff account in on a running server and reports the
// status.
func signIn(t *testing.T, base, email, password string) int {
	t.Helper()
	b, _ := json.Marshal(map[string]string{"email": email, "password": password})
	resp, err := http.Post(base+"/api/login", "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// carta backup copies a SQLite database while another connection keeps
// writing; the copy, put in place of a lost data dir, runs carta with the
// data in it.
func TestBackupWhileWritingAndRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	if err := Run(ctx, []string{"create-superadmin", "--email", "boss@example.com", "--password", "long-enough"}, envFor(dir), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	// A writer inserts accounts until the backup is done.
	db, err := store.Open(ctx, filepath.Join(dir, "carta.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	insert := func(i int) error {
		_, err := db.Exec(ctx, `INSERT INTO staff_users (email, password_hash, role, created_at) VALUES (?, 'x', 'superadmin', 0)`, fmt.Sprintf("w%d@example.com", i))
		return err
	}
	started, stop, done := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		for i := 0; ; i++ {
			if err := insert(i); err != nil {
				done <- err
				return
			}
			if i == 20 {
				close(started)
			}
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
		}
	}()
	<-started
	dest := filepath.Join(t.TempDir(), "carta-backup.db")
	var out bytes.Buffer
	berr := Run(ctx, []string{"backup", dest}, envFor(dir), &out, io.Discard)
	close(stop)
	if err := <-done; err != nil {
		t.Fatalf("writer: %v", err)
	}
	if berr != nil {
		t.Fatalf("backup: %v", berr)
	}
	if !strings.Contains(out.String(), "backup written to "+dest) {
		t.Fatalf("printed %q", out.String())
	}
	if _, err := os.Stat(dest + ".partial"); !os.IsNotExist(err) {
		t.Fatalf("temporary file left: %v", err)
	}
	// A second backup to the same file is refused: a backup is never overwritten.
	if err := Run(ctx, []string{"backup", dest}, envFor(dir), io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Fatalf("overwrite: %v", err)
	}
	if err := Run(ctx, []string{"backup"}, envFor(dir), io.Discard, io.Discard); err == nil {
		t.Fatal("backup without a destination accepted")
	}

	// Restore: the copy becomes the database of a fresh data dir.
	restored := t.TempDir()
	raw, err := os.ReadFile(dest)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(restored, "carta.db"), raw, 0o600); err != nil {
		t.Fatal(err)
	}
	rdb, err := store.Open(ctx, filepath.Join(restored, "carta.db"))
	if err != nil {
		t.Fatal(err)
	}
	var check string
	if err := rdb.QueryRow(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check: %q %v", check, err)
	}
	rdb.Close()
	n := countStaff(t, restored)
	if total := countStaff(t, dir); n < 22 || n > total {
		t.Fatalf("backup holds %d accounts; 22 were written before it started, %d in all", n, total)
	}
	url, _, stopServe := startServe(t, restored, "CARTA_METRICS_ADDR", "off")
	defer stopServe()
	if st := signIn(t, url, "boss@example.com", "long-enough"); st != 200 {
		t.Fatalf("sign-in on the restored database: %d", st)
	}
}

// A PostgreSQL database is backed up with pg_dump -Fc and restored with
// pg_restore into a fresh database, as docs/deploy.md shows; carta runs on
// the restored one with the data in it.
func TestPostgresDumpAndRestore(t *testing.T) {
	dsn := storetest.PostgresURL(t)
	for _, tool := range []string{"pg_dump", "pg_restore"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	ctx := context.Background()
	env := envFor(t.TempDir(), "CARTA_DATABASE_URL", dsn)
	if err := Run(ctx, []string{"create-superadmin", "--email", "boss@example.com", "--password", "long-enough"}, env, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := Run(ctx, []string{"backup", filepath.Join(t.TempDir(), "x.db")}, env, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "pg_dump") {
		t.Fatalf("carta backup on PostgreSQL: %v", err)
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	schema := u.Query().Get("search_path")
	base := *u
	q := base.Query()
	q.Del("search_path")
	base.RawQuery = q.Encode()

	dump := filepath.Join(t.TempDir(), "carta.dump")
	if out, err := exec.Command("pg_dump", "-Fc", "--no-owner", "-n", schema, "-f", dump, base.String()).CombinedOutput(); err != nil {
		t.Fatalf("pg_dump: %v\n%s", err, out)
	}
	// A fresh database to restore into.
	admin, err := store.Open(ctx, base.String())
	if err != nil {
		t.Fatal(err)
	}
	fresh := "carta_restore_" + strings.TrimPrefix(schema, "carta_test_")
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+fresh); err != nil {
		admin.Close()
		t.Fatal(err)
	}
	// Dropped after the test (and its server) ended, then the connection
	// closed: a deferred Close ran before the cleanups and every run left
	// its database behind.
	t.Cleanup(func() {
		defer admin.Close()
		if _, err := admin.Exec(context.Background(), "DROP DATABASE "+fresh+" WITH (FORCE)"); err != nil {
			t.Errorf("drop %s: %v", fresh, err)
		}
	})
	target := base
	target.Path = "/" + fresh
	if out, err := exec.Command("pg_restore", "--no-owner", "--exit-on-error", "-d", target.String(), dump).CombinedOutput(); err != nil {
		t.Fatalf("pg_restore: %v\n%s", err, out)
	}
	q = target.Query()
	q.Set("search_path", schema)
	target.RawQuery = q.Encode()
	var out bytes.Buffer
	renv := envFor(t.TempDir(), "CARTA_DATABASE_URL", target.String(), "CARTA_METRICS_ADDR", "off")
	if err := Run(ctx, []string{"migrate"}, renv, &out, io.Discard); err != nil || !strings.Contains(out.String(), "applied 0 migrations") {
		t.Fatalf("migrate on the restored database: %q %v", out.String(), err)
	}
	base2, _, stop := startServe(t, t.TempDir(), "CARTA_DATABASE_URL", target.String(), "CARTA_METRICS_ADDR", "off")
	defer stop()
	if st := signIn(t, base2, "boss@example.com", "long-enough"); st != 200 {
		t.Fatalf("sign-in on the restored database: %d", st)
	}
}

// carta media migrate copies a data dir's media to S3; a server on the
// bucket then serves the same URLs, and a second run copies nothing.
func TestMediaMigrateToS3(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	if err := Run(ctx, []string{"seed-demo"}, envFor(dir), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(filepath.Join(dir, "media"))
	if err != nil || len(ents) == 0 {
		t.Fatalf("the demo stored no media: %v", err)
	}
	s3 := append(s3Env(mediatest.S3(t)), "CARTA_METRICS_ADDR", "off")
	var out bytes.Buffer
	if err := Run(ctx, []string{"media", "migrate"}, envFor(dir, s3...), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%d copied and verified, 0 already there", len(ents)); !strings.Contains(out.String(), want) {
		t.Fatalf("printed %q, want %q", out.String(), want)
	}
	out.Reset()
	if err := Run(ctx, []string{"media", "migrate", "--from", filepath.Join(dir, "media")}, envFor(dir, s3...), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("0 copied and verified, %d already there", len(ents)); !strings.Contains(out.String(), want) {
		t.Fatalf("second run printed %q, want %q", out.String(), want)
	}
	// Without S3 there is nothing to migrate to.
	if err := Run(ctx, []string{"media", "migrate"}, envFor(dir), io.Discard, io.Discard); err == nil {
		t.Fatal("migrating the folder onto itself accepted")
	}
	if err := Run(ctx, []string{"media", "migrate", "--from", filepath.Join(dir, "typo")}, envFor(dir, s3...), io.Discard, io.Discard); err == nil {
		t.Fatal("a missing --from folder accepted")
	}
	if _, err := os.Stat(filepath.Join(dir, "typo")); !os.IsNotExist(err) {
		t.Fatal("a missing --from folder was created")
	}
	if err := Run(ctx, []string{"media", "frobnicate"}, envFor(dir), io.Discard, io.Discard); err == nil {
		t.Fatal("unknown media command accepted")
	}

	// The local folder goes; the server serves every file from the bucket.
	if err := os.RemoveAll(filepath.Join(dir, "media")); err != nil {
		t.Fatal(err)
	}
	base, _, stop := startServe(t, dir, s3...)
	defer stop()
	for _, e := range ents {
		resp, err := http.Get(base + "/media/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || len(body) == 0 || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("%s from S3: %d, %d bytes, %v", e.Name(), resp.StatusCode, len(body), resp.Header)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "media")); !os.IsNotExist(err) {
		t.Fatalf("a server on S3 wrote to the local media folder: %v", err)
	}
	// A wrong bucket stops the start with the variable named.
	bad := append([]string{}, s3...)
	bad[1] = "s3://no-such-bucket"
	if err := Run(ctx, []string{"migrate"}, envFor(dir, bad...), io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "CARTA_MEDIA_URL") {
		t.Fatalf("missing bucket: %v", err)
	}
}
