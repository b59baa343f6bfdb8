package locale

import (
	"encoding/json"
	"os"
	"testing"
	"time"
)

// TestFormatsMatchTheWeb checks every case of the table the web's tests
// also check (web/src/lib/dates.test.ts holds it to Intl.DateTimeFormat):
// each locale of a country, in three zones, across the daylight-saving
// changes of Madrid and New York.
func TestFormatsMatchTheWeb(t *testing.T) {
	b, err := os.ReadFile("testdata/dates.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Cases []struct {
			Unix                     int64
			Zone, Locale, Kind, Text string
			Note                     string
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) < 500 {
		t.Fatalf("only %d cases", len(table.Cases))
	}
	seen := map[string]bool{}
	for _, c := range table.Cases {
		loc, err := loadZone(c.Zone)
		if err != nil {
			t.Fatal(err)
		}
		at := time.Unix(c.Unix, 0).In(loc)
		var got string
		switch c.Kind {
		case "clock":
			got = Clock(at, c.Locale)
		case "date":
			got = Date(at, c.Locale)
		case "datetime":
			got = DateTime(at, c.Locale)
		default:
			t.Fatalf("kind %q", c.Kind)
		}
		if got != c.Text {
			t.Errorf("%s %s in %s, %s (%s): got %q, the web writes %q", c.Kind, at.UTC().Format(time.RFC3339), c.Zone, c.Locale, c.Note, got, c.Text)
		}
		seen[c.Locale] = true
	}
	// Every locale a country names has cases.
	for _, c := range All() {
		for _, tag := range c.Locales {
			if !seen[tag] {
				t.Errorf("no date cases for %s (%s)", tag, c.Pais)
			}
		}
	}
}

// The two daylight-saving changes of a year, read in the restaurant's zone:
// the same UTC hour is a different clock time before and after, and the
// repeated hour of autumn is written twice.
func TestClockAcrossDaylightSaving(t *testing.T) {
	madrid, _ := loadZone("Europe/Madrid")
	ny, _ := loadZone("America/New_York")
	mx, _ := loadZone("America/Mexico_City")
	for _, c := range []struct {
		at   string
		loc  *time.Location
		tag  string
		want string
	}{
		{"2026-03-29T00:59:00Z", madrid, "es-ES", "29/03/2026, 1:59"},
		{"2026-03-29T01:00:00Z", madrid, "es-ES", "29/03/2026, 3:00"}, // 02:00 does not exist
		{"2026-10-25T00:30:00Z", madrid, "es-ES", "25/10/2026, 2:30"},
		{"2026-10-25T01:30:00Z", madrid, "es-ES", "25/10/2026, 2:30"}, // 02:30 again
		{"2026-03-08T06:59:00Z", ny, "en-US", "03/08/2026, 1:59 AM"},
		{"2026-03-08T07:00:00Z", ny, "en-US", "03/08/2026, 3:00 AM"},
		{"2026-11-01T05:30:00Z", ny, "es-US", "01/11/2026, 1:30 a.m."},
		{"2026-11-01T06:30:00Z", ny, "es-US", "01/11/2026, 1:30 a.m."},
		// Mexico City keeps UTC-6 all year since 2022.
		{"2026-04-05T18:00:00Z", mx, "es-MX", "05/04/2026, 12:00 p.m."},
		{"2026-12-05T18:00:00Z", mx, "es-MX", "05/12/2026, 12:00 p.m."},
	} {
		at, _ := time.Parse(time.RFC3339, c.at)
		if got := DateTime(at.In(c.loc), c.tag); got != c.want {
			t.Errorf("%s in %s (%s) = %q, want %q", c.at, c.loc, c.tag, got, c.want)
		}
	}
}
