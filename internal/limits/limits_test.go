package limits

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// docs/api.md lists the table; this keeps the two equal.
func TestDocumentedTable(t *testing.T) {
	doc, err := os.ReadFile("../../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "<!-- limits:start -->\n")
	table, _, ok2 := strings.Cut(rest, "<!-- limits:end -->")
	if !ok || !ok2 {
		t.Fatal("docs/api.md has no limits table")
	}
	var want strings.Builder
	want.WriteString("| field | max |\n|---|---|\n")
	for _, f := range All {
		fmt.Fprintf(&want, "| `%s` | %d |\n", f.Key, f.Max)
	}
	if table != want.String() {
		t.Fatalf("docs/api.md's limits table differs from limits.All; it should be:\n%s", want.String())
	}
}

func TestCheck(t *testing.T) {
	if s, err := CategoryName.Check("  " + strings.Repeat("é", 80) + " "); err != nil || len([]rune(s)) != 80 {
		t.Fatalf("80 characters: %q %v", s, err)
	}
	if _, err := Description.Check(strings.Repeat("a", 1001)); err == nil || !strings.Contains(err.Error(), "La descripción es demasiado larga (máximo 1000 caracteres).") {
		t.Fatalf("1001: %v", err)
	}
	for _, s := range []string{"a\x00b", "\x1b[31m", "x\x7f"} {
		if !HasControl(s) {
			t.Errorf("%q not refused", s)
		}
	}
	if HasControl("línea 1\nlínea 2\r\n\tñ") {
		t.Error("text with line breaks and tabs refused")
	}
}
