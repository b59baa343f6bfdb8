package requestid_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"carta/internal/requestid"
)

func TestSane(t *testing.T) {
	for id, want := range map[string]bool{
		"0f3c9a1b2d4e5f60": true, "6f1c1d0e-8a2b-4c3d-9e8f-0a1b2c3d4e5f": true, "trace:abc.def_1": true,
		"": false, strings.Repeat("a", requestid.MaxLen+1): false, "a b": false, "x\nlevel=ERROR": false, "ñ": false, `"quoted"`: false,
	} {
		if got := requestid.Sane(id); got != want {
			t.Errorf("Sane(%q) = %v", id, got)
		}
	}
	if id := requestid.New(); len(id) != 16 || !requestid.Sane(id) || id == requestid.New() {
		t.Fatalf("New() = %q", id)
	}
}

func TestHandlerAddsTheID(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(requestid.NewHandler(slog.NewJSONHandler(&buf, nil))).With("app", "carta")
	log.InfoContext(requestid.With(context.Background(), "req-7"), "hola", "k", 1)
	log.Info("sin contexto")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"request_id":"req-7"`) || !strings.Contains(lines[0], `"app":"carta"`) || strings.Contains(lines[1], "request_id") {
		t.Fatalf("log lines:\n%s", buf.String())
	}
}
