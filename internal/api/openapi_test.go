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
		if _, ok := ops[strings.ToLower(rt.method)]; !ok {
			t.Errorf("route %s %s: openapi.json has the path but not the method", rt.method, rt.pattern)
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
