package app

import (
	"strings"
	"testing"

	"carta/internal/config"
	"carta/internal/demo"
)

func parseFlags(t *testing.T, cmd string, args ...string) (commandFlags, []string, error) {
	t.Helper()
	var f commandFlags
	_, rest, err := config.LoadWith("carta "+cmd, args, envFor(t.TempDir()), f.define(cmd))
	if err == nil {
		err = f.check(cmd)
	}
	return f, rest, err
}

func TestCommandFlags(t *testing.T) {
	f, _, err := parseFlags(t, "create-superadmin", "--email", "Boss@Example.com", "--password=long-enough", "--log-level", "warn")
	if err != nil || f.email != "Boss@Example.com" || f.password != "long-enough" {
		t.Fatalf("create-superadmin: %+v %v", f, err)
	}
	f, _, err = parseFlags(t, "seed-scale", "--restaurants", "5", "--products=7", "-diners", "3")
	want := demo.DefaultScale
	want.Restaurants, want.Products, want.Diners = 5, 7, 3
	if err != nil || f.scale != want {
		t.Fatalf("seed-scale: %+v %v", f.scale, err)
	}
	if _, _, err := parseFlags(t, "seed-scale", "--offers", "-2"); err == nil || !strings.Contains(err.Error(), "--offers") {
		t.Fatalf("a negative count: %v", err)
	}
	if _, _, err := parseFlags(t, "seed-scale", "--diners", "0"); err == nil || !strings.Contains(err.Error(), "--diners must be at least 1") {
		t.Fatalf("orders without diners: %v", err)
	}
	if _, _, err := parseFlags(t, "seed-scale", "--restaurants", "many"); err == nil {
		t.Fatal("a count that is not a number accepted")
	}
	f, _, err = parseFlags(t, "media migrate", "--from=/srv/media")
	if err != nil || f.from != "/srv/media" {
		t.Fatalf("media migrate: %+v %v", f, err)
	}
	// A command without flags of its own takes the configuration's only,
	// and its positional arguments come back (backup DEST).
	if _, rest, err := parseFlags(t, "backup", "--log-level", "warn", "/tmp/x.db"); err != nil || len(rest) != 1 || rest[0] != "/tmp/x.db" {
		t.Fatalf("backup: %v %v", rest, err)
	}
	if _, _, err := parseFlags(t, "migrate", "--email", "x@example.com"); err == nil {
		t.Fatal("migrate accepted create-superadmin's flag")
	}
}
