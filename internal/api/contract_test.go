package api_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// The API contract: openapi.json is the source of truth, and every request
// the scenario tests send to an /api route and every answer they get are
// validated against it. A handler that answers a field the document does
// not describe (or misses one it requires), or a status it does not list,
// fails the test that called it.

var contract struct {
	once   sync.Once
	router routers.Router
	err    error
}

func contractRouter() (routers.Router, error) {
	contract.once.Do(func() {
		b, err := os.ReadFile("openapi.json")
		if err != nil {
			contract.err = err
			return
		}
		doc, err := openapi3.NewLoader().LoadFromData(b)
		if err != nil {
			contract.err = err
			return
		}
		if err := doc.Validate(context.Background()); err != nil {
			contract.err = err
			return
		}
		contract.router, contract.err = gorillamux.NewRouter(doc)
	})
	return contract.router, contract.err
}

// checkContract validates one exchange with an /api route: the request
// when the server accepted it (tests send malformed requests on purpose),
// the response always.
func checkContract(t testing.TB, req *http.Request, sent []byte, resp *http.Response, body []byte) {
	t.Helper()
	checkExchange(t, req, sent, resp, body, true)
}

// checkExchange is checkContract; with requests false only the answer is
// checked (the fuzzer's accepted requests may carry fields the server
// ignores by design, which the contract's strict schemas do not list).
func checkExchange(t testing.TB, req *http.Request, sent []byte, resp *http.Response, body []byte, requests bool) {
	t.Helper()
	if !strings.HasPrefix(req.URL.Path, "/api/") {
		return
	}
	router, err := contractRouter()
	if err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	r := req.Clone(context.Background())
	r.URL.Host, r.URL.Scheme, r.Host = "", "", ""
	r.Body = io.NopCloser(bytes.NewReader(sent))
	route, params, err := router.FindRoute(r)
	if err != nil {
		return // not a documented route: TestOpenAPICoversRoutes covers the table
	}
	ctx := context.Background()
	in := &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true}}
	if requests && resp.StatusCode < 400 {
		if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
			t.Errorf("contract: %s %s: the accepted request does not match openapi.json: %v", req.Method, route.Path, err)
		}
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: resp.StatusCode, Header: resp.Header,
		Body: io.NopCloser(bytes.NewReader(body)), Options: &openapi3filter.Options{MultiError: true, IncludeResponseStatus: true}}
	if !strings.Contains(resp.Header.Get("Content-Type"), "json") || resp.Header.Get("Content-Encoding") != "" {
		out.Options.ExcludeResponseBody = true
	}
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		t.Errorf("contract: %s %s → %d: the answer does not match openapi.json: %v", req.Method, route.Path, resp.StatusCode, err)
	}
}
