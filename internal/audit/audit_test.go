package audit_test

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"carta/internal/audit"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

func restaurant(t *testing.T, db *store.DB, name string) tenant.ID {
	t.Helper()
	id, err := store.InsertID(context.Background(), db, `INSERT INTO clientes (nombre, created_at) VALUES (?, 0)`, name)
	if err != nil {
		t.Fatal(err)
	}
	return tenant.Job(id)
}

func TestRecordAndList(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		one, two := restaurant(t, db, "Uno"), restaurant(t, db, "Dos")
		for i := 0; i < 5; i++ {
			if err := audit.Record(ctx, db, one, audit.Entry{Actor: "dueno@uno.test", Accion: "pedido.cancelar", Objeto: fmt.Sprint("Pedido #", i), IP: "10.0.0.1"}); err != nil {
				t.Fatal(err)
			}
		}
		if err := audit.Record(ctx, db, one, audit.Entry{Actor: "Gerente@Uno.test", Accion: "producto.visibilidad", Objeto: "Jamón", Detalle: "oculto"}); err != nil {
			t.Fatal(err)
		}
		if err := audit.Record(ctx, db, two, audit.Entry{Actor: "dueno@dos.test", Accion: "pedido.cancelar", Objeto: "Pedido #9"}); err != nil {
			t.Fatal(err)
		}
		// A prefix with LIKE's wildcards matches them literally.
		if err := audit.Record(ctx, db, one, audit.Entry{Actor: "x@uno.test", Accion: "pedido_x"}); err != nil {
			t.Fatal(err)
		}

		p, err := audit.List(ctx, db, one, audit.Filter{})
		if err != nil || len(p.Actividad) != 7 || p.Siguiente != nil {
			t.Fatalf("restaurant 1: %+v %v", p, err)
		}
		if p.Actividad[0].Accion != "pedido_x" || p.Actividad[0].Restaurante != "Uno" || p.Actividad[0].ClienteID != one.Int64() {
			t.Fatalf("newest first: %+v", p.Actividad[0])
		}
		// Keyset paging: 3 + 3 + 1, no repeats.
		seen := map[int64]bool{}
		var antes int64
		pages := 0
		for {
			p, err := audit.List(ctx, db, one, audit.Filter{Limit: 3, Antes: antes})
			if err != nil {
				t.Fatal(err)
			}
			pages++
			for _, it := range p.Actividad {
				if seen[it.ID] {
					t.Fatalf("repeated %d", it.ID)
				}
				seen[it.ID] = true
			}
			if p.Siguiente == nil {
				break
			}
			antes = *p.Siguiente
		}
		if pages != 3 || len(seen) != 7 {
			t.Fatalf("pages %d, seen %d", pages, len(seen))
		}
		if p, _ := audit.List(ctx, db, one, audit.Filter{Accion: "pedido."}); len(p.Actividad) != 5 {
			t.Fatalf("prefix pedido.: %d", len(p.Actividad))
		}
		if p, _ := audit.List(ctx, db, one, audit.Filter{Accion: "pedido_"}); len(p.Actividad) != 1 {
			t.Fatalf("prefix pedido_ (literal underscore): %d", len(p.Actividad))
		}
		if p, _ := audit.List(ctx, db, one, audit.Filter{Actor: "GERENTE@"}); len(p.Actividad) != 1 || p.Actividad[0].Objeto != "Jamón" {
			t.Fatalf("actor: %+v", p.Actividad)
		}
		now := db.Now().Unix()
		if p, _ := audit.List(ctx, db, one, audit.Filter{Desde: now + 3600}); len(p.Actividad) != 0 {
			t.Fatalf("desde in the future: %d", len(p.Actividad))
		}
		if p, _ := audit.List(ctx, db, one, audit.Filter{Desde: now - 3600, Hasta: now + 3600}); len(p.Actividad) != 7 {
			t.Fatalf("today: %d", len(p.Actividad))
		}
		if p, _ := audit.List(ctx, db, one, audit.Filter{Hasta: now - 3600}); len(p.Actividad) != 0 {
			t.Fatalf("hasta in the past: %d", len(p.Actividad))
		}
		all, err := audit.ListAll(ctx, db, audit.Filter{Accion: "pedido.cancelar"})
		if err != nil || len(all.Actividad) != 6 || all.Actividad[0].Restaurante != "Dos" {
			t.Fatalf("every restaurant: %+v %v", all, err)
		}
		for _, f := range []audit.Filter{{Limit: 101}, {Limit: -1}, {Antes: -1}, {Desde: -5}} {
			if _, err := audit.List(ctx, db, one, f); err != audit.ErrFilter {
				t.Fatalf("%+v: %v", f, err)
			}
		}
	})
}

// The database refuses to change or delete a row of the log.
func TestAppendOnlyInTheDatabase(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		one := restaurant(t, db, "Uno")
		if err := audit.Record(ctx, db, one, audit.Entry{Actor: "a@b.test", Accion: "pedido.cancelar"}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `UPDATE auditoria SET actor = 'otro'`); err == nil {
			t.Fatal("UPDATE of the log went through")
		}
		if _, err := db.Exec(ctx, `DELETE FROM auditoria`); err == nil {
			t.Fatal("DELETE of the log went through")
		}
		p, err := audit.List(ctx, db, one, audit.Filter{})
		if err != nil || len(p.Actividad) != 1 || p.Actividad[0].Actor != "a@b.test" {
			t.Fatalf("%+v %v", p, err)
		}
	})
}

// No code of the module updates or deletes the log's rows: a string
// literal naming auditoria with UPDATE, DELETE or TRUNCATE fails (tests
// and migrations are not code that runs on requests).
func TestAppendOnlyInTheCode(t *testing.T) {
	root := moduleRoot(t)
	bad := regexp.MustCompile(`(?is)\b(UPDATE|DELETE\s+FROM|TRUNCATE(\s+TABLE)?)\s+"?auditoria\b`)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", ".git", "web", "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, _ := strconv.Unquote(lit.Value)
				if bad.MatchString(s) {
					rel, _ := filepath.Rel(root, path)
					t.Errorf("%s changes the audit log: %q", rel, s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func moduleRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod")
		}
		dir = parent
	}
}
