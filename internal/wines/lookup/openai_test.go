package lookup

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

const testKey = "sk-test-0123456789abcdefSECRET"

// fakeChat is a local server speaking OpenAI's chat-completions wire format. handle answers each
// request; the last request seen is kept for assertions.
type fakeChat struct {
	t      *testing.T
	srv    *httptest.Server
	handle func(w http.ResponseWriter, r *http.Request)

	mu      sync.Mutex
	header  http.Header
	path    string
	request map[string]any
}

func newFakeChat(t *testing.T, handle func(w http.ResponseWriter, r *http.Request)) *fakeChat {
	f := &fakeChat{t: t, handle: handle}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req map[string]any
		_ = json.Unmarshal(body, &req)
		f.mu.Lock()
		f.header, f.path, f.request = r.Header.Clone(), r.URL.Path, req
		f.mu.Unlock()
		f.handle(w, r)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeChat) url() string { return f.srv.URL + "/v1/chat/completions" }

// completion writes a chat completion whose message content is content.
func completion(content string) func(w http.ResponseWriter, r *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-test",
			"choices": []any{map[string]any{
				"index":         0,
				"message":       map[string]any{"role": "assistant", "content": content, "refusal": nil},
				"finish_reason": "stop",
			}},
			"usage": map[string]any{"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
		})
	}
}

func status(code int, body string) func(w http.ResponseWriter, r *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		_, _ = io.WriteString(w, body)
	}
}

const goodAnswer = `{"encontrado": true, "nombre": "Catena Zapata Malbec Argentino", "bodega": " Catena Zapata ",
 "anio": "2019", "region": "Mendoza", "pais": "Argentina", "tipo": "Tinto",
 "uvas": ["Malbec"], "maridaje": ["carnes rojas", "asado", "quesos curados"],
 "descripcion": "Malbec de altura con fruta negra y taninos firmes."}`

func TestOpenAIGoodAnswer(t *testing.T) {
	f := newFakeChat(t, completion(goodAnswer))
	o := OpenAI{URL: f.url(), Model: "gpt-test", Key: testKey, Timeout: 5 * time.Second, Fallback: Builtin()}
	got, err := o.Find(context.Background(), Query{Nombre: "Catena Zapata Malbec Argentino"})
	if err != nil {
		t.Fatal(err)
	}
	want := Result{
		Nombre: "Catena Zapata Malbec Argentino", Bodega: "Catena Zapata", Anio: "2019", Region: "Mendoza", Pais: "Argentina",
		Tipo: "tinto", Uvas: []string{"Malbec"}, Maridaje: []string{"carnes rojas", "asado", "quesos curados"},
		Descripcion: "Malbec de altura con fruta negra y taninos firmes.",
		Inferidos:   []string{"bodega", "anio", "region", "pais", "tipo", "uvas", "maridaje", "descripcion"},
		Fuente:      "openai",
	}
	if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
		t.Errorf("got  %s\nwant %s", g, w)
	}

	// The request: the path, the bearer key, the model, JSON mode and the admin's text as data.
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.path != "/v1/chat/completions" {
		t.Errorf("path %q", f.path)
	}
	if h := f.header.Get("Authorization"); h != "Bearer "+testKey {
		t.Errorf("Authorization %q", h)
	}
	if ct := f.header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q", ct)
	}
	if ua := f.header.Get("User-Agent"); !strings.HasPrefix(ua, "Carta/") {
		t.Errorf("User-Agent %q", ua)
	}
	if f.request["model"] != "gpt-test" {
		t.Errorf("model %v", f.request["model"])
	}
	if rf, _ := f.request["response_format"].(map[string]any); rf["type"] != "json_object" {
		t.Errorf("response_format %v", f.request["response_format"])
	}
	msgs, _ := f.request["messages"].([]any)
	if len(msgs) != 2 {
		t.Fatalf("messages %v", f.request["messages"])
	}
	sys, _ := msgs[0].(map[string]any)
	user, _ := msgs[1].(map[string]any)
	if sys["role"] != "system" || !strings.Contains(sys["content"].(string), "JSON") {
		t.Errorf("system message %v", sys)
	}
	var data map[string]string
	if user["role"] != "user" || json.Unmarshal([]byte(user["content"].(string)), &data) != nil || data["nombre"] != "Catena Zapata Malbec Argentino" {
		t.Errorf("user message %v", user)
	}
}

func TestOpenAIUserInputWinsAndNoKey(t *testing.T) {
	f := newFakeChat(t, completion(`{"nombre":"Otro","anio":1999,"region":"Desconocida","pais":"España","tipo":"red","uvas":"Tempranillo, Garnacha","maridaje":null}`))
	o := OpenAI{URL: f.url(), Model: "m"}
	got, err := o.Find(context.Background(), Query{Nombre: "Mi Rioja", Anio: "2020", Uva: "Tempranillo"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Nombre != "Mi Rioja" || got.Anio != "2020" || got.Region != Desconocida || got.Tipo != "tinto" ||
		!slices.Equal(got.Uvas, []string{"Tempranillo", "Garnacha"}) || got.Maridaje == nil || len(got.Maridaje) != 0 ||
		!slices.Equal(got.Inferidos, []string{"pais", "tipo"}) || got.Fuente != "openai" {
		t.Errorf("got %+v", got)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if h := f.header.Get("Authorization"); h != "" {
		t.Errorf("Authorization sent without a key: %q", h)
	}
}

func TestOpenAIBoundsTheAnswer(t *testing.T) {
	long := strings.Repeat("a", 5000)
	items := make([]string, 25)
	for i := range items {
		items[i] = "plato " + string(rune('a'+i))
	}
	answer, _ := json.Marshal(map[string]any{
		"bodega": long, "region": "  Rioja\n\t Alta ", "tipo": "purple", "uvas": []string{"Tempranillo", "tempranillo", "", "Unknown", long},
		"maridaje": items, "descripcion": long + "\u0000",
	})
	f := newFakeChat(t, completion(string(answer)))
	got, err := OpenAI{URL: f.url(), Key: testKey}.Find(context.Background(), Query{Nombre: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if n := len([]rune(got.Bodega)); n != maxShort {
		t.Errorf("bodega has %d characters", n)
	}
	if got.Region != "Rioja Alta" || got.Tipo != Desconocido {
		t.Errorf("region %q tipo %q", got.Region, got.Tipo)
	}
	if len(got.Uvas) != 2 || got.Uvas[0] != "Tempranillo" || len([]rune(got.Uvas[1])) != maxItem {
		t.Errorf("uvas %q", got.Uvas)
	}
	if len(got.Maridaje) != 10 {
		t.Errorf("%d pairings", len(got.Maridaje))
	}
	if n := len([]rune(got.Descripcion)); n != maxDescripcion || strings.ContainsRune(got.Descripcion, 0) {
		t.Errorf("descripcion has %d characters", n)
	}
}

// TestOpenAIFailures: every failure falls back when a fallback is set, and is ErrLookup (or
// ErrNotFound when the model does not know the wine) without one. No error carries the key.
func TestOpenAIFailures(t *testing.T) {
	blockUntilDone := func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }
	big := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"choices":[{"message":{"content":"`+strings.Repeat(" ", maxBody)+`{}"}}]}`)
	}
	tests := []struct {
		name    string
		handle  func(w http.ResponseWriter, r *http.Request)
		timeout time.Duration
		alone   error // the error without a fallback
		billed  bool  // the endpoint answered, or was asked and did not answer in time (Cobrada)
	}{
		{"malformed content", completion(`{"region": "Mendoza", "tipo": `), 0, ErrLookup, true},
		{"content not an object", completion(`["Malbec"]`), 0, ErrLookup, true},
		{"content of the wrong types", completion(`{"region": "Mendoza", "uvas": [1, 2]}`), 0, ErrLookup, true},
		{"encontrado not a boolean", completion(`{"encontrado": "yes", "region": "Mendoza"}`), 0, ErrLookup, true},
		{"malformed envelope", status(200, `{"choices": [`), 0, ErrLookup, true},
		{"no choices", status(200, `{"choices": []}`), 0, ErrLookup, true},
		{"refusal", status(200, `{"choices":[{"message":{"role":"assistant","content":null,"refusal":"I can't help with that."}}]}`), 0, ErrLookup, true},
		{"body over 1 MiB", big, 0, ErrLookup, true},
		{"cut off", status(200, `{"choices":[{"message":{"role":"assistant","content":"{\"region\":\"Mendoza\"}"},"finish_reason":"length"}]}`), 0, ErrLookup, true},
		{"time-out", blockUntilDone, 50 * time.Millisecond, ErrLookup, true},
		{"rate limited", status(429, `{"error":{"message":"Rate limit reached for key `+testKey+`","type":"requests","code":"rate_limit_exceeded"}}`), 0, ErrLookup, false},
		{"bad key", status(401, `{"error":{"message":"Incorrect API key provided: `+testKey+`.","type":"invalid_request_error","code":"invalid_api_key"}}`), 0, ErrLookup, false},
		{"server error", status(500, `oops `+testKey), 0, ErrLookup, false},
		{"not found", completion(`{"encontrado": false}`), 0, ErrNotFound, true},
		{"empty answer", completion(`{}`), 0, ErrNotFound, true},
		{"empty content", completion(``), 0, ErrNotFound, true},
		{"only unknowns", completion(`{"nombre":"malbec mendoza","region":"Desconocida","tipo":"Desconocido","uvas":["Desconocida"]}`), 0, ErrNotFound, true},
	}
	q := Query{Nombre: "malbec mendoza"}
	want, err := Builtin().Find(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeChat(t, tt.handle)
			timeout := cmpDuration(tt.timeout, 5*time.Second)

			got, err := OpenAI{URL: f.url(), Model: "m", Key: testKey, Timeout: timeout, Fallback: Builtin()}.Find(context.Background(), q)
			if err != nil {
				t.Fatalf("with a fallback: %v", err)
			}
			if mustJSON(t, got) != mustJSON(t, want) {
				t.Errorf("with a fallback: got %+v, want the builtin's %+v", got, want)
			}
			if got.Cobrada != tt.billed {
				t.Errorf("with a fallback: Cobrada %v, want %v", got.Cobrada, tt.billed)
			}

			alone, err := OpenAI{URL: f.url(), Model: "m", Key: testKey, Timeout: timeout}.Find(context.Background(), q)
			if alone.Cobrada != tt.billed {
				t.Errorf("without a fallback: Cobrada %v, want %v", alone.Cobrada, tt.billed)
			}
			if !errors.Is(err, tt.alone) {
				t.Errorf("without a fallback: %v, want %v", err, tt.alone)
			}
			if err != nil && strings.Contains(err.Error(), testKey) {
				t.Errorf("the key is in the error: %v", err)
			}
		})
	}
}

func TestOpenAINetworkFailure(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	u := srv.URL + "/v1/chat/completions?api-key=" + testKey
	srv.Close() // nothing listens any more
	_, err := OpenAI{URL: u, Key: testKey}.Find(context.Background(), Query{Nombre: "rioja"})
	if !errors.Is(err, ErrLookup) {
		t.Fatalf("err = %v", err)
	}
	if strings.Contains(err.Error(), testKey) {
		t.Errorf("the key is in the error: %v", err)
	}
	got, err := OpenAI{URL: u, Key: testKey, Fallback: Builtin()}.Find(context.Background(), Query{Nombre: "rioja"})
	if err != nil || got.Fuente != "builtin" || got.Region != "Rioja" {
		t.Errorf("fallback: %+v, %v", got, err)
	}
	if _, err := (OpenAI{URL: "://bad url " + testKey, Key: testKey}).Find(context.Background(), Query{Nombre: "rioja"}); !errors.Is(err, ErrLookup) || strings.Contains(err.Error(), testKey) {
		t.Errorf("bad URL: %v", err)
	}
}

// TestOpenAIFallbackNotFound: when neither the model nor the fallback knows the wine, the answer
// is ErrNotFound.
func TestOpenAIFallbackNotFound(t *testing.T) {
	f := newFakeChat(t, completion(`{"encontrado": false}`))
	_, err := OpenAI{URL: f.url(), Fallback: Builtin()}.Find(context.Background(), Query{Nombre: "xyzzy qwerty"})
	if !errors.Is(err, ErrNotFound) {
		t.Errorf("err = %v", err)
	}
}

func TestOpenAIFencedContent(t *testing.T) {
	f := newFakeChat(t, completion("```json\n{\"region\":\"Priorat\",\"pais\":\"España\",\"tipo\":\"tinto\",\"uvas\":[\"Garnacha\"]}\n```"))
	got, err := OpenAI{URL: f.url()}.Find(context.Background(), Query{Nombre: "Clos"})
	if err != nil || got.Region != "Priorat" || got.Fuente != "openai" {
		t.Errorf("got %+v, %v", got, err)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func cmpDuration(d, def time.Duration) time.Duration {
	if d == 0 {
		return def
	}
	return d
}
