package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The browser's storage belongs to the web app: the keys the diner's pages
// read and write (web/src/lib/storage-keys.ts) reach the server's pages
// only inside the build's inline scripts (.vite/first-views.json, which
// lists them: storageKeys). This test fails when a Go source of this
// package names one of those keys in a string literal again, or when any
// Go source of the module talks to the browser's storage itself (a script
// written in Go): the key would drift from the app's without a test
// noticing, as the menu's first-view scripts once could.
func TestServerNamesNoStorageKey(t *testing.T) {
	var parts []string // the keys' fixed parts (a key's restaurant is a slot)
	for _, key := range builtFirstViews(t).StorageKeys {
		for _, p := range strings.Split(key, "cartaslotcliente") {
			if len(p) >= 3 {
				parts = append(parts, p)
			}
		}
	}
	if len(parts) < 5 {
		t.Fatalf("storage keys %v", parts)
	}
	browserStorage := []string{"localStorage", "sessionStorage", "getItem(", "setItem("}

	for _, file := range goSources(t, ".") {
		for _, lit := range stringLiterals(t, file) {
			for _, p := range parts {
				if strings.Contains(lit.value, p) {
					t.Errorf("%s: the string literal %s names the app's storage key %q: take it from the build (first-views.json)", lit.pos, lit.quoted, p)
				}
			}
		}
	}
	for _, file := range goSources(t, filepath.Join("..", "..")) {
		for _, lit := range stringLiterals(t, file) {
			for _, p := range browserStorage {
				if strings.Contains(lit.value, p) {
					t.Errorf("%s: the string literal %s uses the browser's storage: scripts come from the web build", lit.pos, lit.quoted)
				}
			}
		}
	}
}

// goSources lists the non-test Go files under dir (without web/node_modules,
// testdata and hidden folders).
func goSources(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != dir && (name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			if dir == "." && path != dir {
				return filepath.SkipDir // this package only
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("Go sources under %s: %v", dir, err)
	}
	return files
}

type literal struct {
	pos           token.Position
	quoted, value string
}

// stringLiterals returns the file's string literals (struct tags aside).
func stringLiterals(t *testing.T, path string) []literal {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	tags := map[*ast.BasicLit]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if field, ok := n.(*ast.Field); ok && field.Tag != nil {
			tags[field.Tag] = true
		}
		return true
	})
	var out []literal
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && !tags[lit] {
			v, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatalf("%s: %v", fset.Position(lit.Pos()), err)
			}
			out = append(out, literal{fset.Position(lit.Pos()), lit.Value, v})
		}
		return true
	})
	return out
}
