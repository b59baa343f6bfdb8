package ordering

import (
	"errors"
	"strings"
	"testing"
	"time"

	"carta/internal/apperr"
)

// ny is a restaurant in New York open Monday–Saturday 12:00–15:00 and
// 19:00–22:00, closed on Sunday, with 20 minutes of preparation.
func ny() Config {
	c := Config{Activo: true, PreparacionMin: 20, ZonaHoraria: "America/New_York"}
	for d := 1; d <= 6; d++ {
		c.Horario = append(c.Horario, Hours{Dia: d, Abre: "12:00", Cierra: "15:00"}, Hours{Dia: d, Abre: "19:00", Cierra: "22:00"})
	}
	return c
}

func at(t *testing.T, s string) time.Time {
	t.Helper()
	loc, _ := time.LoadLocation("America/New_York")
	v, err := time.ParseInLocation("2006-01-02 15:04:05", s, loc)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func horas(slots []Slot) string {
	var out []string
	for _, s := range slots {
		out = append(out, s.Hora)
	}
	return strings.Join(out, " ")
}

func TestAvailable(t *testing.T) {
	c := ny()
	// Tuesday 2026-11-24, 13:47:10: as soon as possible is 14:07:10 → 14:08.
	now := at(t, "2026-11-24 13:47:10")
	a := c.Available(now, nil)
	if !a.Abierto || a.LoAntesPosible == nil || a.LoAntesPosible.Hora != "14:08" || a.Motivo != "" {
		t.Fatalf("asap: %+v", a)
	}
	if got := horas(a.Franjas); got != "14:15 14:30 14:45 19:00 19:15 19:30 19:45 20:00 20:15 20:30 20:45 21:00 21:15 21:30 21:45" {
		t.Fatalf("slots: %s", got)
	}
	if len(a.Horario) != 2 || a.Horario[0].Abre != "12:00" {
		t.Fatalf("today's hours: %+v", a.Horario)
	}

	// Full slots are not offered; the slot of as-soon-as-possible full
	// closes it.
	c.PedidosPorFranja = 2
	full := map[int64]int{at(t, "2026-11-24 14:00:00").Unix(): 2, at(t, "2026-11-24 19:15:00").Unix(): 2, at(t, "2026-11-24 19:30:00").Unix(): 1}
	a = c.Available(now, full)
	if a.Abierto || a.LoAntesPosible != nil {
		t.Fatalf("asap in a full slot offered: %+v", a)
	}
	if got := horas(a.Franjas); !strings.HasPrefix(got, "14:15 14:30 14:45 19:00 19:30 19:45") {
		t.Fatalf("slots with full ones: %s", got)
	}

	// Between services: as soon as possible falls in the closed gap.
	a = ny().Available(at(t, "2026-11-24 16:00:00"), nil)
	if a.Abierto || a.Motivo != "" || horas(a.Franjas)[:5] != "19:00" {
		t.Fatalf("between services: %+v", a)
	}
	// After the last service: nothing today.
	a = ny().Available(at(t, "2026-11-24 21:45:00"), nil)
	if a.Abierto || len(a.Franjas) != 0 || a.Motivo != "cerrado" {
		t.Fatalf("after closing: %+v", a)
	}
	// Sunday: closed all day.
	if a = ny().Available(at(t, "2026-11-22 13:00:00"), nil); a.Motivo != "cerrado" || len(a.Horario) != 0 {
		t.Fatalf("sunday: %+v", a)
	}
	// Paused until 14:30: nothing until then.
	p := ny()
	p.PausadoHasta = at(t, "2026-11-24 14:30:00").Unix()
	if a = p.Available(now, nil); a.Motivo != "pausado" || a.Abierto || len(a.Franjas) != 0 || a.PausadoHasta != p.PausadoHasta {
		t.Fatalf("paused: %+v", a)
	}
	// Ordering off.
	off := ny()
	off.Activo = false
	if a = off.Available(now, nil); a.Motivo != "inactivo" || a.Abierto {
		t.Fatalf("inactive: %+v", a)
	}
	// Every slot full while open: "lleno".
	c = ny()
	c.PedidosPorFranja = 1
	taken := map[int64]int{}
	for s := at(t, "2026-11-24 14:00:00"); s.Before(at(t, "2026-11-24 22:00:00")); s = s.Add(SlotLength) {
		taken[s.Unix()] = 1
	}
	if a = c.Available(now, taken); a.Motivo != "lleno" {
		t.Fatalf("all full: %+v", a)
	}
}

func TestAvailableAcrossDaylightSaving(t *testing.T) {
	// 2026-11-01 is the day New York leaves daylight saving time: slots
	// stay on the local quarter hours.
	c := Config{Activo: true, PreparacionMin: 0, ZonaHoraria: "America/New_York", Horario: []Hours{{Dia: 0, Abre: "00:00", Cierra: "04:00"}}}
	a := c.Available(at(t, "2026-11-01 00:50:00"), nil)
	if got := horas(a.Franjas); !strings.HasPrefix(got, "01:00 01:15 01:30 01:45 01:00 01:15") {
		t.Fatalf("slots over the change: %s", got)
	}
	for i := 1; i < len(a.Franjas); i++ {
		if a.Franjas[i].At-a.Franjas[i-1].At != int64(SlotLength/time.Second) {
			t.Fatalf("slots %d and %d are not 15 minutes apart", i-1, i)
		}
	}
}

func TestPickup(t *testing.T) {
	c := ny()
	now := at(t, "2026-11-24 13:47:10")
	p, slot, err := c.pickup(now, 0)
	if err != nil || !p.Equal(at(t, "2026-11-24 14:08:00")) || !slot.Equal(at(t, "2026-11-24 14:00:00")) {
		t.Fatalf("asap = %v in slot %v, %v", p, slot, err)
	}
	p, slot, err = c.pickup(now, at(t, "2026-11-24 19:30:00").Unix())
	if err != nil || !p.Equal(slot) || !p.Equal(at(t, "2026-11-24 19:30:00")) {
		t.Fatalf("a later slot = %v, %v", p, err)
	}
	refused := []struct {
		name string
		cfg  func(*Config)
		now  string
		at   string // "" is as soon as possible
		want *apperr.Error
	}{
		{"ordering off", func(c *Config) { c.Activo = false }, "2026-11-24 13:00:00", "", ErrInactive},
		{"paused", func(c *Config) { c.PausadoHasta = at(t, "2026-11-24 14:00:00").Unix() }, "2026-11-24 13:00:00", "", ErrPaused},
		{"asap when closed", nil, "2026-11-24 16:00:00", "", ErrClosed},
		{"asap on sunday", nil, "2026-11-22 13:00:00", "", ErrClosed},
		{"a slot between services", nil, "2026-11-24 13:00:00", "2026-11-24 16:00:00", ErrClosed},
		{"not on a quarter hour", nil, "2026-11-24 13:00:00", "2026-11-24 19:10:00", ErrSlotBad},
		{"the slot of asap", nil, "2026-11-24 13:47:10", "2026-11-24 14:00:00", ErrSlotBad},
		{"in the past", nil, "2026-11-24 13:47:10", "2026-11-24 12:30:00", ErrSlotBad},
		{"tomorrow", nil, "2026-11-24 13:00:00", "2026-11-25 12:30:00", ErrSlotBad},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			c := ny()
			if tc.cfg != nil {
				tc.cfg(&c)
			}
			var want int64
			if tc.at != "" {
				want = at(t, tc.at).Unix()
			}
			if _, _, err := c.pickup(at(t, tc.now), want); !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestConfigCheck(t *testing.T) {
	now := at(t, "2026-11-24 13:00:00")
	got, err := ny().Check(now)
	if err != nil || len(got.Horario) != 12 {
		t.Fatalf("valid settings: %v %+v", err, got)
	}
	// Sorted by day and opening time.
	c := Config{ZonaHoraria: "Europe/Madrid", Horario: []Hours{{Dia: 3, Abre: "19:00", Cierra: "23:00"}, {Dia: 1, Abre: "09:00", Cierra: "24:00"}, {Dia: 3, Abre: "08:00", Cierra: "12:00"}}}
	if got, err = c.Check(now); err != nil || got.Horario[0].Dia != 1 || got.Horario[1].Abre != "08:00" {
		t.Fatalf("sorted: %v %+v", err, got.Horario)
	}
	// A pause that already ended is cleared.
	c = ny()
	c.PausadoHasta = now.Add(-time.Minute).Unix()
	if got, err = c.Check(now); err != nil || got.PausadoHasta != 0 {
		t.Fatalf("past pause: %v %+v", err, got)
	}
	bad := map[string]func(*Config){
		"preparation below 0":     func(c *Config) { c.PreparacionMin = -1 },
		"preparation above 240":   func(c *Config) { c.PreparacionMin = 241 },
		"negative slot maximum":   func(c *Config) { c.PedidosPorFranja = -1 },
		"slot maximum above 1000": func(c *Config) { c.PedidosPorFranja = 1001 },
		"unknown time zone":       func(c *Config) { c.ZonaHoraria = "Mars/Olympus" },
		"the server's local zone": func(c *Config) { c.ZonaHoraria = "Local" },
		"pause beyond 7 days":     func(c *Config) { c.PausadoHasta = now.Add(8 * 24 * time.Hour).Unix() },
		"day 7":                   func(c *Config) { c.Horario = []Hours{{Dia: 7, Abre: "10:00", Cierra: "11:00"}} },
		"bad time":                func(c *Config) { c.Horario = []Hours{{Dia: 1, Abre: "9:00", Cierra: "11:00"}} },
		"24:30":                   func(c *Config) { c.Horario = []Hours{{Dia: 1, Abre: "10:00", Cierra: "24:30"}} },
		"closing before opening":  func(c *Config) { c.Horario = []Hours{{Dia: 1, Abre: "22:00", Cierra: "02:00"}} },
		"overlapping intervals": func(c *Config) {
			c.Horario = []Hours{{Dia: 1, Abre: "10:00", Cierra: "15:00"}, {Dia: 1, Abre: "14:00", Cierra: "18:00"}}
		},
		"five intervals in one day": func(c *Config) {
			c.Horario = []Hours{{1, "01:00", "02:00"}, {1, "03:00", "04:00"}, {1, "05:00", "06:00"}, {1, "07:00", "08:00"}, {1, "09:00", "10:00"}}
		},
	}
	for name, f := range bad {
		t.Run(name, func(t *testing.T) {
			c := ny()
			f(&c)
			if _, err := c.Check(now); apperr.KindOf(err) != apperr.Invalid {
				t.Fatalf("err = %v, want a 400", err)
			}
		})
	}
}

// madridAt is a Madrid wall-clock time.
func madridAt(t *testing.T, s string) time.Time {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	v, err := time.ParseInLocation("2006-01-02 15:04:05", s, loc)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func utc(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Madrid's two daylight-saving changes of 2026 (both on a Sunday): in
// spring 02:00 becomes 03:00, so no slot is offered in the hour that does
// not exist; in autumn 03:00 becomes 02:00 again, so the hour's slots come
// twice. Slots stay 15 real minutes apart, on the local quarter hours.
func TestAvailableAcrossMadridDaylightSaving(t *testing.T) {
	night := Config{Activo: true, PreparacionMin: 0, ZonaHoraria: "Europe/Madrid", Horario: []Hours{{Dia: 0, Abre: "01:00", Cierra: "05:00"}}}
	for _, c := range []struct {
		name, now string // the now is UTC
		want      string
	}{
		{"spring: 01:20 CET, 02:00–02:59 does not exist", "2026-03-29T00:20:00Z", "01:30 01:45 03:00 03:15 03:30 03:45 04:00 04:15 04:30 04:45"},
		{"autumn: 01:50 CEST, 02:00–02:59 twice", "2026-10-24T23:50:00Z", "02:00 02:15 02:30 02:45 02:00 02:15 02:30 02:45 03:00 03:15 03:30 03:45 04:00 04:15 04:30 04:45"},
	} {
		a := night.Available(utc(t, c.now), nil)
		if got := horas(a.Franjas); got != c.want {
			t.Errorf("%s: slots %s, want %s", c.name, got, c.want)
		}
		for i := 1; i < len(a.Franjas); i++ {
			if a.Franjas[i].At-a.Franjas[i-1].At != int64(SlotLength/time.Second) {
				t.Errorf("%s: slots %d and %d are not 15 minutes apart", c.name, i-1, i)
			}
		}
		if !a.Abierto || a.LoAntesPosible == nil {
			t.Errorf("%s: not open as soon as possible: %+v", c.name, a)
		}
	}

	// A day's service after the spring change: 20:00 is 18:00 UTC, not
	// yesterday's 19:00 UTC.
	dinner := Config{Activo: true, PreparacionMin: 20, ZonaHoraria: "Europe/Madrid"}
	for d := 0; d <= 6; d++ {
		dinner.Horario = append(dinner.Horario, Hours{Dia: d, Abre: "20:00", Cierra: "23:00"})
	}
	for _, c := range []struct{ now, first string }{
		{"2026-03-28 12:00:00", "2026-03-28T19:00:00Z"}, // Saturday, CET (UTC+1)
		{"2026-03-29 12:00:00", "2026-03-29T18:00:00Z"}, // Sunday, CEST (UTC+2)
		{"2026-10-24 12:00:00", "2026-10-24T18:00:00Z"}, // Saturday, CEST
		{"2026-10-25 12:00:00", "2026-10-25T19:00:00Z"}, // Sunday, CET again
	} {
		a := dinner.Available(madridAt(t, c.now), nil)
		if len(a.Franjas) != 12 || a.Franjas[0].Hora != "20:00" || a.Franjas[0].At != utc(t, c.first).Unix() || a.Franjas[11].Hora != "22:45" {
			t.Errorf("%s Madrid: slots %s, first at %v; want 12 from 20:00 = %s", c.now, horas(a.Franjas), time.Unix(a.Franjas[0].At, 0).UTC(), c.first)
		}
	}

	// Choosing a slot on the spring change's night: 03:00 CEST (the quarter
	// hour after 01:45 CET) is a slot; a time off the quarter hours is not.
	now := utc(t, "2026-03-29T00:20:00Z")
	if p, slot, err := night.pickup(now, utc(t, "2026-03-29T01:00:00Z").Unix()); err != nil || !p.Equal(slot) || p.In(night.location()).Format("15:04") != "03:00" {
		t.Fatalf("03:00 CEST: %v %v %v", p, slot, err)
	}
	if _, _, err := night.pickup(now, utc(t, "2026-03-29T00:50:00Z").Unix()); !errors.Is(err, ErrSlotBad) {
		t.Fatalf("a time off the quarter hours (01:50): %v", err)
	}
}

// The board's and the day's bounds are the restaurant's local midnight to
// the next: 23 hours on a spring change day, 25 on an autumn one, 24 in
// Mexico City (no daylight saving since 2022), wherever the server runs.
func TestDayBoundsAcrossDaylightSaving(t *testing.T) {
	for _, c := range []struct {
		zone, now  string // now is UTC
		start, end string // UTC
		hours      float64
	}{
		{"Europe/Madrid", "2026-03-29T12:00:00Z", "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", 23},
		{"Europe/Madrid", "2026-03-29T21:59:59Z", "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", 23}, // 23:59:59 CEST
		{"Europe/Madrid", "2026-03-29T22:00:00Z", "2026-03-29T22:00:00Z", "2026-03-30T22:00:00Z", 24}, // the next day's 00:00
		{"Europe/Madrid", "2026-03-28T23:30:00Z", "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", 23}, // 00:30 CET, before the change
		{"Europe/Madrid", "2026-10-25T12:00:00Z", "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z", 25},
		{"Europe/Madrid", "2026-10-25T00:30:00Z", "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z", 25}, // 02:30 the first time
		{"Europe/Madrid", "2026-10-25T01:30:00Z", "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z", 25}, // 02:30 the second time
		{"America/New_York", "2026-03-08T12:00:00Z", "2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z", 23},
		{"America/New_York", "2026-11-01T12:00:00Z", "2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z", 25},
		{"America/Mexico_City", "2026-04-05T12:00:00Z", "2026-04-05T06:00:00Z", "2026-04-06T06:00:00Z", 24},
		{"America/Mexico_City", "2026-11-01T12:00:00Z", "2026-11-01T06:00:00Z", "2026-11-02T06:00:00Z", 24},
	} {
		cfg := Config{ZonaHoraria: c.zone}
		start, end := cfg.DayBounds(utc(t, c.now))
		if !start.Equal(utc(t, c.start)) || !end.Equal(utc(t, c.end)) || end.Sub(start).Hours() != c.hours {
			t.Errorf("%s at %s: [%s, %s) (%v h), want [%s, %s) (%v h)", c.zone, c.now,
				start.UTC().Format(time.RFC3339), end.UTC().Format(time.RFC3339), end.Sub(start).Hours(), c.start, c.end, c.hours)
		}
		if !cfg.NextMidnight(utc(t, c.now)).Equal(end) {
			t.Errorf("%s at %s: NextMidnight is not the day's end", c.zone, c.now)
		}
	}
}
