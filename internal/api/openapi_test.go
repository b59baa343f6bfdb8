package api

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestOpenAPICoversRoutes fails when a route of the table is missing from
// openapi.json, or the document names a route that does not exist.
func TestOpenAPICoversRoutes(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(openapiJSON, &doc); err != nil {
		t.Fatalf("openapi.json is not valid JSON: %v", err)
	}
	s := &Server{}
	registered := map[string]bool{}
	for _, rt := range s.routes() {
		key := strings.ToLower(rt.method) + " " + rt.pattern
		registered[key] = true
		ops, ok := doc.Paths[rt.pattern]
		if !ok {
			t.Errorf("route %s %s is missing from openapi.json", rt.method, rt.pattern)
			continue
		}
		raw, ok := ops[strings.ToLower(rt.method)]
		if !ok {
			t.Errorf("route %s %s: openapi.json has the path but not the method", rt.method, rt.pattern)
			continue
		}
		var op struct {
			Roles []string `json:"x-roles"`
		}
		if err := json.Unmarshal(raw, &op); err != nil {
			t.Fatal(err)
		}
		if want := documentedRoles(rt.access); strings.Join(op.Roles, ",") != strings.Join(want, ",") {
			t.Errorf("route %s %s: openapi.json's x-roles %v, the route table admits %v", rt.method, rt.pattern, op.Roles, want)
		}
	}
	for p, ops := range doc.Paths {
		for m := range ops {
			if m == "parameters" {
				continue
			}
			if !registered[m+" "+p] {
				t.Errorf("openapi.json documents %s %s, which is not a registered route", strings.ToUpper(m), p)
			}
		}
	}
}

// documentedRoles is the x-roles an operation of access a lists: who may
// call it (none for a public route).
func documentedRoles(a access) []string {
	var out []string
	switch a {
	case public:
		return nil
	case diner:
		return []string{"usuario"}
	case signedIn:
		out = append(out, "usuario", "superadmin")
		a = crew
	default:
		out = append(out, "superadmin")
	}
	for _, r := range a.roles() {
		out = append(out, string(r))
	}
	return out
}

// TestOpenAPIResponsesAreStrict keeps the contract check meaningful: every
// object in a response schema lists its properties as required (except
// those named in x-optional) and allows no others, so a field a handler
// renames, adds or drops without the document fails the scenario test
// that reads it (contract_test.go).
func TestOpenAPIResponsesAreStrict(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(openapiJSON, &doc); err != nil {
		t.Fatal(err)
	}
	schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
	seen := map[string]bool{}
	var check func(where string, node any)
	check = func(where string, node any) {
		m, ok := node.(map[string]any)
		if !ok {
			return
		}
		if ref, ok := m["$ref"].(string); ok {
			name := strings.TrimPrefix(ref, "#/components/schemas/")
			if name != ref && !seen[name] {
				seen[name] = true
				check(name, schemas[name])
			}
			return
		}
		if props, ok := m["properties"].(map[string]any); ok {
			optional := map[string]bool{}
			if xs, ok := m["x-optional"].([]any); ok {
				for _, x := range xs {
					optional[x.(string)] = true
				}
			}
			required := map[string]bool{}
			if rs, ok := m["required"].([]any); ok {
				for _, r := range rs {
					required[r.(string)] = true
				}
			}
			for p, v := range props {
				if !required[p] && !optional[p] {
					t.Errorf("%s: property %q is neither required nor in x-optional", where, p)
				}
				check(where+"."+p, v)
			}
			if m["additionalProperties"] != false {
				t.Errorf("%s: additionalProperties must be false", where)
			}
		}
		for _, k := range []string{"items", "allOf", "anyOf", "oneOf"} {
			switch v := m[k].(type) {
			case map[string]any:
				check(where+"."+k, v)
			case []any:
				for _, x := range v {
					check(where+"."+k, x)
				}
			}
		}
	}
	for name, r := range doc["components"].(map[string]any)["responses"].(map[string]any) {
		content, _ := r.(map[string]any)["content"].(map[string]any)
		for ct, c := range content {
			check("response "+name+" "+ct, c.(map[string]any)["schema"])
		}
	}
	for path, ops := range doc["paths"].(map[string]any) {
		for method, op := range ops.(map[string]any) {
			if method == "parameters" {
				continue
			}
			for code, r := range op.(map[string]any)["responses"].(map[string]any) {
				content, _ := r.(map[string]any)["content"].(map[string]any)
				for ct, c := range content {
					check(method+" "+path+" "+code+" "+ct, c.(map[string]any)["schema"])
				}
			}
		}
	}
}
