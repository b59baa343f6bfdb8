package tenant

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The ways around the tenant check, and the only files that may take them.
// Each is a restaurant (or a diner, or a caller) that no request's caller
// was checked for, so each use is a decision someone reviewed: adding a
// file here is that review. Tests are not held to it.
var escapeHatches = map[string][]string{
	// A background job's pass, seeding, a command-line tool: no caller.
	"Job": {
		"bench/scale/main.go",        // the scale benchmark's seeding
		"internal/app/commands.go",   // demo seeding and the menu sync at start
		"internal/billing/fees.go",   // the platform fee job
		"internal/demo/",             // the demo data (a folder: every file in it)
		"internal/menu/orderable.go", // the nightly sold-out reset
	},
	// The restaurant of a row the server already trusts.
	"FromRecord": {
		"internal/app/adapters.go",               // a POS connection row's token source
		"internal/campaigns/baja.go",             // the restaurant a signed unsubscribe link names
		"internal/campaigns/send.go",             // a due campaign's restaurant (the sending job)
		"internal/checkout/confirm.go",           // the restaurant of a session's purchase (its webhook secret)
		"internal/offers/manage.go",              // a coupon's restaurant (sale, demo checkout)
		"internal/offers/offers.go",              // a coupon's or purchase's restaurant
		"internal/offers/refund.go",              // a purchase owed a refund
		"internal/onboarding/connect.go",         // an OAuth state row
		"internal/onboarding/onboarding.go",      // an onboarding link or a connection row
		"internal/equipo/equipo.go",              // an invitation link's restaurant
		"internal/ordering/ordering.go",          // an order's restaurant
		"internal/ordering/refund.go",            // an order owed a refund
		"internal/ordering/cuenta_reembolsos.go", // a tab payment owed back (the super admin's refund)
		"internal/refunds/refunds.go",            // a refund row
	},
	// The buyer a confirmed purchase names.
	"DinerFromRecord": {
		"internal/demo/",                // the demo's diners
		"internal/offers/offers.go",     // a confirmed purchase's buyer
		"internal/offers/refund.go",     // a refunded purchase's buyer
		"internal/ordering/ordering.go", // a confirmed order's diner
	},
	// A caller: only auth makes one, from a session it verified.
	"NewPrincipal": {
		"internal/auth/auth.go",
	},
}

const tenantImport = "carta/internal/tenant"

// TestEscapeHatchesStayWhereTheyWere fails when a package outside the list
// calls Job, FromRecord, DinerFromRecord or NewPrincipal: a request handler
// that wants a restaurant goes through Principal.Tenant. It catches, for
// instance, a handler that turns the restaurant id of its URL into a
// tenant.ID with FromRecord instead of asking the check (tried once: a
// `tenant.FromRecord(id)` in api.clienteMerchant failed it, naming the line).
func TestEscapeHatchesStayWhereTheyWere(t *testing.T) {
	root := moduleRoot(t)
	uses := hatchUses(t, root)
	if len(uses) == 0 {
		t.Fatal("found no use at all: the walk is broken")
	}
	for _, u := range uses {
		if allowed(u.fn, u.file) == "" {
			t.Errorf("%s:%d calls tenant.%s outside its allowlist (rules_test.go): a request takes its restaurant from Principal.Tenant", u.file, u.line, u.fn)
		}
	}
	// The list holds no file that no longer needs it.
	seen := map[string]bool{}
	for _, u := range uses {
		seen[u.fn+" "+allowed(u.fn, u.file)] = true
	}
	for fn, files := range escapeHatches {
		for _, f := range files {
			if !seen[fn+" "+f] {
				t.Errorf("%s is allowed tenant.%s but does not call it: take it off the list", f, fn)
			}
		}
	}
}

// The walk sees a use in a file it has never heard of: the test fails on
// the mistake it exists for.
func TestEscapeHatchWalkCatchesANewCaller(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"go.mod":                      "module carta\n",
		"internal/api/sneaky.go":      "package api\nimport tn \"carta/internal/tenant\"\nfunc f() { _ = tn.FromRecord(7); _ = tn.Job(1) }\n",
		"internal/api/sneaky_test.go": "package api\nimport \"carta/internal/tenant\"\nfunc g() { _ = tenant.Job(1) }\n",
		"internal/auth/auth.go":       "package auth\nimport \"carta/internal/tenant\"\nfunc h() { _ = tenant.NewPrincipal(tenant.PrincipalFields{}) }\n",
		"internal/other/shadow.go":    "package other\ntype x struct{}\nfunc (x) Job(int64) {}\nfunc k() { var tenant x; tenant.Job(1) }\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, u := range hatchUses(t, dir) {
		got = append(got, u.fn+" "+u.file)
	}
	sort.Strings(got)
	want := []string{"FromRecord internal/api/sneaky.go", "Job internal/api/sneaky.go", "NewPrincipal internal/auth/auth.go"}
	if !slices.Equal(got, want) {
		t.Fatalf("uses = %q, want %q", got, want)
	}
}

// allowed is the allowlist entry that lets file call tenant.fn: the file
// itself or its folder (an entry ending in "/"); "" when none does.
func allowed(fn, file string) string {
	for _, e := range escapeHatches[fn] {
		if e == file || strings.HasSuffix(e, "/") && strings.HasPrefix(file, e) {
			return e
		}
	}
	return ""
}

type hatchUse struct {
	fn, file string
	line     int
}

// hatchUses lists every call of an escape hatch in the module's non-test Go
// files, whatever name the file imports the tenant package under.
func hatchUses(t *testing.T, root string) []hatchUse {
	t.Helper()
	var uses []hatchUse
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", "dist", "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(rel, "internal/tenant/") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		name := ""
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == tenantImport {
				name = "tenant"
				if imp.Name != nil {
					name = imp.Name.Name
				}
			}
		}
		if name == "" {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			id, ok := sel.X.(*ast.Ident)
			if !ok || id.Name != name {
				return true
			}
			if _, hatch := escapeHatches[sel.Sel.Name]; hatch {
				uses = append(uses, hatchUse{fn: sel.Sel.Name, file: rel, line: fset.Position(sel.Pos()).Line})
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return uses
}

// moduleRoot is the directory holding go.mod above the test's.
func moduleRoot(t *testing.T) string {
	t.Helper()
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
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}
