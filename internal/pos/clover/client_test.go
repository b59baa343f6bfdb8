package clover_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"carta/internal/pos"
	"carta/internal/pos/clover"
	"carta/internal/pos/clover/clovertest"
)

const token = "tok-SECRET-7f3a9c"

// sleeps records the waits the client asks for instead of sleeping.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
	return ctx.Err()
}

func (s *sleeps) got() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.d...)
}

// newClient returns a client of srv whose Sleep only records.
func newClient(srv *clovertest.Server, m clovertest.Merchant) (*clover.Client, *sleeps) {
	c := clover.New(srv.URL, m.ID, m.Token)
	s := &sleeps{}
	c.Sleep = s.sleep
	return c, s
}

func collect(ctx context.Context, c *clover.Client) ([]pos.Item, error) {
	var out []pos.Item
	err := c.Items(ctx, func(it pos.Item) error {
		out = append(out, it)
		return nil
	})
	return out, err
}

func itemsPath(m clovertest.Merchant) string { return "/v3/merchants/" + m.ID + "/items" }

func TestItemsPaging(t *testing.T) {
	tests := []struct {
		name         string
		items        int
		pageSize     int
		wantRequests int
	}{
		{"three pages, last short", 2345, 1000, 3},
		{"exact multiple needs an empty last page", 2000, 1000, 3},
		{"no items", 0, 1000, 1},
		{"small pages", 5, 2, 3},
		{"page size clamped to Clover's 1000", 1500, 5000, 2},
		{"zero page size means 1000", 1001, 0, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := clovertest.GenerateMerchant("M1", token, 12, tt.items)
			srv := clovertest.NewServer(t, m)
			c, _ := newClient(srv, m)
			c.PageSize = tt.pageSize

			got, err := collect(context.Background(), c)
			if err != nil {
				t.Fatalf("Items: %v", err)
			}
			if n := srv.Requests(itemsPath(m)); n != tt.wantRequests {
				t.Errorf("item requests = %d, want %d", n, tt.wantRequests)
			}
			want := m.Expected()
			if len(got) != len(want) {
				t.Fatalf("got %d items, want %d", len(got), len(want))
			}
			for i := range want {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Fatalf("item %d:\n got %+v\nwant %+v", i, got[i], want[i])
				}
			}
			if tt.items > 0 {
				if n := srv.Requests("/v3/merchants/M1/tax_rates"); n != 1 {
					t.Errorf("tax_rates requests = %d, want 1 (defaults fetched once)", n)
				}
			}
			if n := srv.Requests("/v3/merchants/M1/modifier_groups"); n != 0 {
				t.Errorf("modifier_groups requests = %d, want 0 when modifiers come expanded", n)
			}
		})
	}
}

func TestCategories(t *testing.T) {
	m := clovertest.GenerateMerchant("M2", token, 25, 0)
	srv := clovertest.NewServer(t, m)
	c, _ := newClient(srv, m)
	c.PageSize = 10
	got, err := c.Categories(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, m.Categories) {
		t.Errorf("categories:\n got %+v\nwant %+v", got, m.Categories)
	}
	if n := srv.Requests("/v3/merchants/M2/categories"); n != 3 {
		t.Errorf("requests = %d, want 3", n)
	}
}

func TestExpansions(t *testing.T) {
	iva := pos.TaxRate{ID: "T10", Name: "IVA", Rate: 1000000, IsDefault: true}
	salsa := pos.ModifierGroup{ID: "G1", Name: "Salsa", MinRequired: 1, MaxAllowed: 2, Modifiers: []pos.Modifier{
		{ID: "S1", Name: "Verde", Price: 0}, {ID: "S2", Name: "Roja", Price: 50}, {ID: "S3", Name: "Habanero", Price: 75}}}
	base := clovertest.Merchant{
		ID: "M3", Token: token,
		Categories:      []pos.Category{{ID: "C1", Name: "Tacos", SortOrder: 0}, {ID: "C2", Name: "Promos", SortOrder: 1}},
		DefaultTaxRates: []pos.TaxRate{iva},
		Items: []pos.Item{
			{ID: "I1", Name: "Taco al pastor", Price: 2500, Available: true, CategoryIDs: []string{"C1", "C2"},
				ModifierGroups: []pos.ModifierGroup{salsa}, TaxRates: []pos.TaxRate{{ID: "T5", Name: "Reducido", Rate: 500000}}},
			{ID: "I2", Name: "Agua fresca", Price: 1800, Hidden: true, CategoryIDs: []string{"C2"}}, // follows defaults
		},
	}
	tests := []struct {
		name          string
		notExpanded   bool
		wantGroupReqs int
	}{
		{"modifiers expanded in items", false, 0},
		{"modifiers joined from modifier_groups", true, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := base
			m.ModifiersNotExpanded = tt.notExpanded
			srv := clovertest.NewServer(t, m)
			c, _ := newClient(srv, m)
			got, err := collect(context.Background(), c)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 2 {
				t.Fatalf("got %d items", len(got))
			}
			i1, i2 := got[0], got[1]
			if !reflect.DeepEqual(i1.CategoryIDs, []string{"C1", "C2"}) {
				t.Errorf("categories = %v", i1.CategoryIDs)
			}
			if len(i1.ModifierGroups) != 1 || !reflect.DeepEqual(i1.ModifierGroups[0], salsa) {
				t.Errorf("modifier groups = %+v, want %+v", i1.ModifierGroups, salsa)
			}
			if len(i1.TaxRates) != 1 || i1.TaxRates[0].Rate != 500000 || i1.TaxRates[0].IsDefault {
				t.Errorf("explicit tax rates = %+v", i1.TaxRates)
			}
			if !reflect.DeepEqual(i2.TaxRates, []pos.TaxRate{iva}) || i2.TaxRates[0].Rate != 1000000 {
				t.Errorf("default tax rates = %+v, want 10%% = 1000000", i2.TaxRates)
			}
			if !i2.Hidden || i2.Available || !i1.Available {
				t.Errorf("hidden/available wrong: %+v %+v", i1, i2)
			}
			if n := srv.Requests("/v3/merchants/M3/modifier_groups"); n != tt.wantGroupReqs {
				t.Errorf("modifier_groups requests = %d, want %d", n, tt.wantGroupReqs)
			}
		})
	}
}

// TestWireVariants feeds raw JSON in shapes Clover's docs show but the fake does not produce.
func TestWireVariants(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, "/categories"):
			// The docs' expansion example shows "sortOrder": "0" (a string).
			fmt.Fprint(w, `{"elements":[{"id":"A","name":"Food","sortOrder":"3"},{"id":"B","name":"Drinks","sortOrder":7}]}`)
		case strings.HasSuffix(r.URL.Path, "/items"):
			// No "available" (Clover's default is true), unknown fields, no expansions at all.
			fmt.Fprint(w, `{"elements":[{"id":"X","name":"Pizza","price":1499,"priceType":"FIXED","hidden":false,"defaultTaxRates":false,"isRevenue":true,"modifiedTime":1432671908000}],"href":"ignored"}`)
		}
	}))
	t.Cleanup(srv.Close)
	c := clover.New(srv.URL, "MW", token)

	cats, err := c.Categories(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := []pos.Category{{ID: "A", Name: "Food", SortOrder: 3}, {ID: "B", Name: "Drinks", SortOrder: 7}}
	if !reflect.DeepEqual(cats, want) {
		t.Errorf("categories = %+v, want %+v", cats, want)
	}
	items, err := collect(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	wantItem := pos.Item{ID: "X", Name: "Pizza", Price: 1499, Available: true}
	if len(items) != 1 || !reflect.DeepEqual(items[0], wantItem) {
		t.Errorf("items = %+v, want [%+v]", items, wantItem)
	}
}

func TestFailures(t *testing.T) {
	httpDate := time.Now().Add(30 * time.Second).UTC().Format(http.TimeFormat)
	tests := []struct {
		name         string
		status       int
		retryAfter   string
		count        int
		malformed    bool
		wantErr      error // nil: success
		wantStatus   int   // for a *clover.StatusError
		wantSleeps   []time.Duration
		wantRequests int
	}{
		{name: "429 with Retry-After 2 then success", status: 429, retryAfter: "2", count: 1,
			wantSleeps: []time.Duration{2 * time.Second}, wantRequests: 2},
		{name: "429 without Retry-After backs off 1s 2s 4s", status: 429, count: 3,
			wantSleeps: []time.Duration{time.Second, 2 * time.Second, 4 * time.Second}, wantRequests: 4},
		{name: "429 Retry-After capped at 60s", status: 429, retryAfter: "3600", count: 1,
			wantSleeps: []time.Duration{60 * time.Second}, wantRequests: 2},
		{name: "429 forever gives ErrUnavailable after MaxRetries", status: 429, retryAfter: "1", count: 100,
			wantErr: pos.ErrUnavailable, wantSleeps: []time.Duration{time.Second, time.Second, time.Second, time.Second}, wantRequests: 5},
		{name: "500 then success", status: 500, count: 1,
			wantSleeps: []time.Duration{time.Second}, wantRequests: 2},
		{name: "500 forever gives ErrUnavailable", status: 500, count: 100, wantErr: pos.ErrUnavailable,
			wantSleeps: []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second}, wantRequests: 5},
		{name: "503 twice then success", status: 503, count: 2,
			wantSleeps: []time.Duration{time.Second, 2 * time.Second}, wantRequests: 3},
		{name: "401 is not retried", status: 401, count: 1, wantErr: pos.ErrUnauthorized, wantRequests: 1},
		{name: "404 is a clear status error", status: 404, count: 1, wantStatus: 404, wantRequests: 1},
		{name: "malformed JSON is not retried", malformed: true, wantErr: pos.ErrMalformed, wantRequests: 1},
		{name: "429 with an HTTP date", status: 429, retryAfter: httpDate, count: 1, wantRequests: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := clovertest.GenerateMerchant("MF", token, 3, 10)
			srv := clovertest.NewServer(t, m)
			c, sl := newClient(srv, m)
			if tt.count > 0 {
				srv.FailNext(tt.status, tt.retryAfter, tt.count)
			}
			srv.Malformed(tt.malformed)

			got, err := collect(context.Background(), c)
			switch {
			case tt.wantStatus != 0:
				var se *clover.StatusError
				if !errors.As(err, &se) || se.StatusCode != tt.wantStatus {
					t.Fatalf("err = %v, want StatusError %d", err, tt.wantStatus)
				}
			case tt.wantErr != nil:
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
			default:
				if err != nil {
					t.Fatalf("err = %v", err)
				}
				if len(got) != 10 {
					t.Errorf("got %d items, want 10", len(got))
				}
			}
			if err != nil && strings.Contains(err.Error(), token) {
				t.Errorf("error leaks the token: %v", err)
			}
			if n := srv.Requests(itemsPath(m)); n != tt.wantRequests {
				t.Errorf("requests = %d, want %d", n, tt.wantRequests)
			}
			s := sl.got()
			if tt.retryAfter == httpDate {
				if len(s) != 1 || s[0] < 25*time.Second || s[0] > 31*time.Second {
					t.Errorf("sleeps = %v, want one of about 30s", s)
				}
				return
			}
			if !reflect.DeepEqual(s, tt.wantSleeps) && (len(s) != 0 || len(tt.wantSleeps) != 0) {
				t.Errorf("sleeps = %v, want %v", s, tt.wantSleeps)
			}
		})
	}
}

func TestWrongToken(t *testing.T) {
	m := clovertest.GenerateMerchant("MT", token, 2, 3)
	srv := clovertest.NewServer(t, m)
	for _, tc := range []struct{ name, mID, tok string }{
		{"wrong token", m.ID, "tok-WRONG-000"},
		{"other merchant", "OTHER", token},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := clover.New(srv.URL, tc.mID, tc.tok)
			_, err := c.Categories(context.Background())
			if !errors.Is(err, pos.ErrUnauthorized) {
				t.Fatalf("err = %v, want ErrUnauthorized", err)
			}
			if strings.Contains(err.Error(), tc.tok) {
				t.Errorf("error leaks the token: %v", err)
			}
		})
	}
}

func TestContextEnds(t *testing.T) {
	tests := []struct {
		name  string
		setup func(*clovertest.Server)
	}{
		{"slow server", func(s *clovertest.Server) { s.Delay(10 * time.Second) }},
		{"waiting on Retry-After", func(s *clovertest.Server) { s.FailNext(429, "30", 10) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := clovertest.GenerateMerchant("MC", token, 2, 3)
			srv := clovertest.NewServer(t, m)
			tt.setup(srv)
			c := clover.New(srv.URL, m.ID, m.Token) // real Sleep
			ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
			defer cancel()
			start := time.Now()
			_, err := collect(ctx, c)
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("err = %v, want context.DeadlineExceeded", err)
			}
			if d := time.Since(start); d > 3*time.Second {
				t.Errorf("took %v to notice the deadline", d)
			}
			if strings.Contains(err.Error(), token) {
				t.Errorf("error leaks the token: %v", err)
			}
		})
	}
}

func TestFnErrorStopsStream(t *testing.T) {
	m := clovertest.GenerateMerchant("MS", token, 5, 2500)
	srv := clovertest.NewServer(t, m)
	c, _ := newClient(srv, m)
	stop := errors.New("stop here")
	n := 0
	err := c.Items(context.Background(), func(pos.Item) error {
		n++
		if n == 10 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) {
		t.Fatalf("err = %v, want the fn error", err)
	}
	if n != 10 {
		t.Errorf("fn called %d times, want 10", n)
	}
	if r := srv.Requests(itemsPath(m)); r != 1 {
		t.Errorf("item requests = %d, want 1 (no page after the stop)", r)
	}
}

// TestTokenNotInErrors covers a server that echoes the Authorization header in its error body.
func TestTokenNotInErrors(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"message":"bad header %s"}`, r.Header.Get("Authorization"))
	}))
	t.Cleanup(srv.Close)
	c := clover.New(srv.URL, "ME", token)
	_, err := c.Categories(context.Background())
	var se *clover.StatusError
	if !errors.As(err, &se) || se.StatusCode != 400 {
		t.Fatalf("err = %v, want StatusError 400", err)
	}
	if strings.Contains(err.Error(), token) {
		t.Errorf("error leaks the token: %v", err)
	}
}

// TestStreamingMemory checks that streaming 20,000 items keeps the live heap far below what holding
// them all takes. Live heap is measured after runtime.GC so garbage does not make it flaky.
func TestStreamingMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("memory check skipped in -short")
	}
	const total = 20000
	m := clovertest.GenerateMerchant("MM", token, 50, total)
	srv := clovertest.NewServer(t, m)
	c, _ := newClient(srv, m)
	ctx := context.Background()

	live := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}

	// What holding every item costs.
	base := live()
	all, err := collect(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	holdAll := int64(live()) - int64(base)
	runtime.KeepAlive(all)
	all = nil

	// Streaming: sample the live heap every 500 items.
	base = live()
	var peak int64
	n := 0
	err = c.Items(ctx, func(pos.Item) error {
		n++
		if n%500 == 0 {
			peak = max(peak, int64(live())-int64(base))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != total {
		t.Fatalf("streamed %d items, want %d", n, total)
	}
	t.Logf("holding all %d items: %d KiB; streaming peak growth: %d KiB", total, holdAll>>10, peak>>10)
	if holdAll < 4<<20 {
		t.Fatalf("holding all items took only %d bytes; the check would mean nothing", holdAll)
	}
	if peak > holdAll/4 {
		t.Errorf("streaming peak growth %d bytes is not well below holding all (%d bytes)", peak, holdAll)
	}
}

func BenchmarkItems5000(b *testing.B) {
	m := clovertest.GenerateMerchant("MB", token, 50, 5000)
	srv := clovertest.NewServer(b, m)
	c, _ := newClient(srv, m)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		if err := c.Items(ctx, func(pos.Item) error { n++; return nil }); err != nil {
			b.Fatal(err)
		}
		if n != 5000 {
			b.Fatalf("n = %d", n)
		}
	}
}
