package ordering

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // restaurants' time zones, whatever the host has

	"carta/internal/apperr"
)

// A restaurant's ordering settings and the pickup times they allow. Times
// are the restaurant's local time (its time zone); pickup is in 15-minute
// slots, each with an optional maximum of orders.

// SlotLength is the length of a pickup slot.
const SlotLength = 15 * time.Minute

// Bounds of the settings.
const (
	MaxPreparacion     = 240 // minutes
	MaxPorFranja       = 1000
	MaxIntervalsPerDay = 4
	MaxPause           = 7 * 24 * time.Hour
	MaxAviso           = 480 // minutes: the board's late thresholds
)

// DefaultZone is the time zone of a restaurant that has not chosen one.
const DefaultZone = "America/New_York"

// Hours is one opening interval: dia 0–6 (0 = Sunday), abre and cierra as
// "HH:MM" local time, cierra after abre ("24:00" is midnight).
type Hours struct {
	Dia    int    `json:"dia"`
	Abre   string `json:"abre"`
	Cierra string `json:"cierra"`
}

// Config is a restaurant's ordering settings.
type Config struct {
	Activo           bool    `json:"activo"`
	PreparacionMin   int     `json:"preparacion_min"`
	Horario          []Hours `json:"horario"`
	PedidosPorFranja int     `json:"pedidos_por_franja"` // 0: no maximum
	PausadoHasta     int64   `json:"pausado_hasta"`      // unix seconds; 0 or past: not paused
	ZonaHoraria      string  `json:"zona_horaria"`
	// AvisoAmbarMin and AvisoRojoMin are the board's thresholds, whole
	// minutes since an order was paid after which its card turns amber, then
	// red ("Retrasado"); both 0: derived from the preparation time (Avisos).
	AvisoAmbarMin int `json:"aviso_ambar_min"`
	AvisoRojoMin  int `json:"aviso_rojo_min"`
	// DosPasos: the board keeps the two steps for a new order ('Visto',
	// then 'Empezar preparación'). Its zero value, the default, is one tap:
	// accepting a new order also starts it (acknowledges its alert and moves
	// it to en_preparacion). On the wire it is un_toque, the inverse
	// (MarshalJSON); a saved request without un_toque gets the default.
	DosPasos bool `json:"-"`
}

// configAlias is Config without its JSON methods.
type configAlias Config

// MarshalJSON writes the settings with un_toque (one tap) for DosPasos.
func (c Config) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		configAlias
		UnToque bool `json:"un_toque"`
	}{configAlias(c), !c.DosPasos})
}

// UnmarshalJSON reads the settings; an un_toque sets DosPasos to its
// inverse, none leaves it as it was.
func (c *Config) UnmarshalJSON(b []byte) error {
	in := struct {
		*configAlias
		UnToque *bool `json:"un_toque"`
	}{configAlias: (*configAlias)(c)}
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	if in.UnToque != nil {
		c.DosPasos = !*in.UnToque
	}
	return nil
}

// Avisos is the board's amber and red thresholds in minutes: the owner's,
// or amber at the preparation time (at least 5 minutes) and red at twice it.
func (c Config) Avisos() (ambar, rojo int) {
	if c.AvisoAmbarMin > 0 && c.AvisoRojoMin > c.AvisoAmbarMin {
		return c.AvisoAmbarMin, c.AvisoRojoMin
	}
	ambar = max(c.PreparacionMin, 5)
	return ambar, 2 * ambar
}

// DefaultConfig is the settings of a restaurant that never saved any:
// ordering off, 20 minutes, every day 11:00–22:00, one tap on the board.
func DefaultConfig() Config {
	c := Config{PreparacionMin: 20, ZonaHoraria: DefaultZone}
	for d := 0; d < 7; d++ {
		c.Horario = append(c.Horario, Hours{Dia: d, Abre: "11:00", Cierra: "22:00"})
	}
	return c
}

// Settings errors.
var (
	ErrPreparacion = apperr.E(apperr.Invalid, fmt.Sprintf("El tiempo de preparación debe estar entre 0 y %d minutos.", MaxPreparacion),
		fmt.Sprintf("The preparation time must be between 0 and %d minutes.", MaxPreparacion))
	ErrPorFranja = apperr.E(apperr.Invalid, fmt.Sprintf("El máximo de pedidos por franja debe estar entre 0 (sin límite) y %d.", MaxPorFranja),
		fmt.Sprintf("The maximum of orders per slot must be between 0 (no limit) and %d.", MaxPorFranja))
	ErrZona   = apperr.E(apperr.Invalid, "La zona horaria no es válida.", "The time zone is not valid.")
	ErrPausa  = apperr.E(apperr.Invalid, "La pausa debe terminar dentro de los próximos 7 días.", "The pause must end within the next 7 days.")
	ErrAvisos = apperr.E(apperr.Invalid,
		fmt.Sprintf("Los avisos de retraso son minutos enteros entre 1 y %d, el ámbar antes que el rojo (o los dos vacíos: automáticos).", MaxAviso),
		fmt.Sprintf("The late warnings are whole minutes between 1 and %d, amber before red (or both empty: automatic).", MaxAviso))
)

func errHorario(es, en string) error {
	return apperr.E(apperr.Invalid, "Horario: "+es, "Opening hours: "+en)
}

// clock parses "HH:MM" into minutes since midnight; "24:00" is 1440.
func clock(s string) (int, bool) {
	h, m, ok := strings.Cut(s, ":")
	if !ok || len(h) != 2 || len(m) != 2 {
		return 0, false
	}
	hh, err1 := strconv.Atoi(h)
	mm, err2 := strconv.Atoi(m)
	if err1 != nil || err2 != nil || hh < 0 || mm < 0 || mm > 59 || hh > 24 || (hh == 24 && mm != 0) {
		return 0, false
	}
	return hh*60 + mm, true
}

// Check validates the settings (now is for the pause) and returns them
// normalised: intervals sorted by day and opening time.
func (c Config) Check(now time.Time) (Config, error) {
	if c.PreparacionMin < 0 || c.PreparacionMin > MaxPreparacion {
		return c, ErrPreparacion
	}
	if c.PedidosPorFranja < 0 || c.PedidosPorFranja > MaxPorFranja {
		return c, ErrPorFranja
	}
	if (c.AvisoAmbarMin != 0 || c.AvisoRojoMin != 0) &&
		(c.AvisoAmbarMin < 1 || c.AvisoRojoMin > MaxAviso || c.AvisoAmbarMin >= c.AvisoRojoMin) {
		return c, ErrAvisos
	}
	if c.ZonaHoraria == "" {
		c.ZonaHoraria = DefaultZone
	}
	if _, err := zone(c.ZonaHoraria); err != nil {
		return c, ErrZona
	}
	if c.PausadoHasta < 0 || c.PausadoHasta > now.Add(MaxPause).Unix() {
		return c, ErrPausa
	}
	if c.PausadoHasta <= now.Unix() {
		c.PausadoHasta = 0
	}
	if len(c.Horario) > 7*MaxIntervalsPerDay {
		return c, errHorario("demasiados intervalos.", "too many intervals.")
	}
	h := slices.Clone(c.Horario)
	if h == nil {
		h = []Hours{}
	}
	for _, iv := range h {
		a, ok1 := clock(iv.Abre)
		b, ok2 := clock(iv.Cierra)
		switch {
		case iv.Dia < 0 || iv.Dia > 6:
			return c, errHorario("el día debe estar entre 0 (domingo) y 6 (sábado).", "the day must be between 0 (Sunday) and 6 (Saturday).")
		case !ok1 || !ok2:
			return c, errHorario("las horas se escriben HH:MM.", "times are written HH:MM.")
		case b <= a:
			return c, errHorario("la hora de cierre debe ser posterior a la de apertura.", "the closing time must be after the opening time.")
		}
	}
	slices.SortFunc(h, func(x, y Hours) int {
		if x.Dia != y.Dia {
			return x.Dia - y.Dia
		}
		return strings.Compare(x.Abre, y.Abre)
	})
	for i := 1; i < len(h); i++ {
		if h[i].Dia == h[i-1].Dia && h[i].Abre < h[i-1].Cierra {
			return c, errHorario("dos intervalos del mismo día se solapan.", "two intervals of the same day overlap.")
		}
	}
	perDay := map[int]int{}
	for _, iv := range h {
		if perDay[iv.Dia]++; perDay[iv.Dia] > MaxIntervalsPerDay {
			return c, errHorario(fmt.Sprintf("como máximo %d intervalos por día.", MaxIntervalsPerDay),
				fmt.Sprintf("at most %d intervals per day.", MaxIntervalsPerDay))
		}
	}
	c.Horario = h
	return c, nil
}

// zones keeps loaded time zones: loading one reads and parses the
// embedded database, too slow for every order.
var zones sync.Map // name → *time.Location

// zone loads a time zone by its IANA name (the binary embeds the database).
func zone(name string) (*time.Location, error) {
	if name == "" || name == "Local" {
		return nil, fmt.Errorf("ordering: time zone %q not allowed", name)
	}
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	zones.Store(name, loc)
	return loc, nil
}

// location is the restaurant's time zone (UTC if its name no longer loads).
func (c Config) location() *time.Location {
	loc, err := zone(c.ZonaHoraria)
	if err != nil {
		return time.UTC
	}
	return loc
}

// openAt reports whether the restaurant's hours include local time t.
func (c Config) openAt(t time.Time) bool {
	t = t.In(c.location())
	m := t.Hour()*60 + t.Minute()
	for _, iv := range c.Horario {
		if iv.Dia != int(t.Weekday()) {
			continue
		}
		a, _ := clock(iv.Abre)
		b, _ := clock(iv.Cierra)
		if m >= a && m < b {
			return true
		}
	}
	return false
}

// slotOf is the start of the 15-minute slot holding t, in the
// restaurant's time.
func (c Config) slotOf(t time.Time) time.Time {
	t = t.In(c.location())
	return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute()/15*15, 0, 0, t.Location())
}

// Paused reports whether orders are paused at now.
func (c Config) Paused(now time.Time) bool { return c.PausadoHasta > now.Unix() }

// NextMidnight is the start of the restaurant's next day after now.
func (c Config) NextMidnight(now time.Time) time.Time {
	t := now.In(c.location())
	return time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, t.Location())
}

// DayBounds is the start and end (exclusive) of the restaurant's local day
// holding now.
func (c Config) DayBounds(now time.Time) (time.Time, time.Time) {
	t := now.In(c.location())
	start := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
	return start, c.NextMidnight(now)
}

// Slot is a pickup time a diner can choose.
type Slot struct {
	At   int64  `json:"at"`   // unix seconds
	Hora string `json:"hora"` // local "HH:MM"
}

// Availability is what the checkout page needs to offer pickup times.
type Availability struct {
	Activo         bool   `json:"activo"`
	Pausado        bool   `json:"pausado"`
	PausadoHasta   int64  `json:"pausado_hasta"`
	PreparacionMin int    `json:"preparacion_min"`
	ZonaHoraria    string `json:"zona_horaria"`
	// Abierto: an order placed now can be picked up as soon as possible
	// (LoAntesPosible, now plus the preparation time).
	Abierto        bool    `json:"abierto"`
	LoAntesPosible *Slot   `json:"lo_antes_posible"`
	Franjas        []Slot  `json:"franjas"` // later slots today that are open and not full
	Horario        []Hours `json:"horario_hoy"`
	// Motivo says why no order can be placed now: "inactivo", "pausado",
	// "cerrado" or "lleno"; empty when one can.
	Motivo string `json:"motivo"`
}

// Available computes the pickup times at now, given the orders taken per
// slot (slot start → count).
func (c Config) Available(now time.Time, taken map[int64]int) Availability {
	loc := c.location()
	a := Availability{Activo: c.Activo, Pausado: c.Paused(now), PreparacionMin: c.PreparacionMin, ZonaHoraria: c.ZonaHoraria,
		Franjas: []Slot{}, Horario: []Hours{}}
	if a.Pausado {
		a.PausadoHasta = c.PausadoHasta
	}
	local := now.In(loc)
	for _, iv := range c.Horario {
		if iv.Dia == int(local.Weekday()) {
			a.Horario = append(a.Horario, iv)
		}
	}
	full := func(slot time.Time) bool {
		return c.PedidosPorFranja > 0 && taken[slot.Unix()] >= c.PedidosPorFranja
	}
	asap := c.asap(now)
	_, end := c.DayBounds(now)
	if c.Activo && !a.Pausado {
		if c.openAt(asap) && !full(c.slotOf(asap)) {
			a.Abierto = true
			a.LoAntesPosible = &Slot{At: asap.Unix(), Hora: asap.In(loc).Format("15:04")}
		}
		for s := c.slotOf(asap).Add(SlotLength); s.Before(end); s = s.Add(SlotLength) {
			if c.openAt(s) && !full(s) {
				a.Franjas = append(a.Franjas, Slot{At: s.Unix(), Hora: s.In(loc).Format("15:04")})
			}
		}
	}
	switch {
	case !c.Activo:
		a.Motivo = "inactivo"
	case a.Pausado:
		a.Motivo = "pausado"
	case a.Abierto || len(a.Franjas) > 0:
	case c.openAt(asap):
		a.Motivo = "lleno"
	default:
		a.Motivo = "cerrado"
	}
	return a
}

// asap is the earliest pickup: now plus the preparation time, rounded up
// to the minute.
func (c Config) asap(now time.Time) time.Time {
	t := now.Add(time.Duration(c.PreparacionMin) * time.Minute)
	if r := t.Truncate(time.Minute); r.Before(t) {
		t = r.Add(time.Minute)
	}
	return t
}

// Pickup errors.
var (
	ErrInactive = apperr.E(apperr.Invalid, "Este restaurante no está recibiendo pedidos en línea.", "This restaurant is not taking online orders.")
	ErrPaused   = apperr.E(apperr.Invalid, "El restaurante pausó los pedidos en línea por un momento. Inténtalo más tarde.", "The restaurant paused online orders for a moment. Try again later.")
	ErrClosed   = apperr.E(apperr.Invalid, "El restaurante está cerrado a esa hora. Elige otra hora de recogida.", "The restaurant is closed at that time. Choose another pickup time.")
	ErrSlotFull = apperr.E(apperr.Invalid, "Esa hora de recogida ya está llena. Elige otra.", "That pickup time is full. Choose another one.")
	ErrSlotBad  = apperr.E(apperr.Invalid, "La hora de recogida no es válida. Elige una de las que se ofrecen.", "The pickup time is not valid. Choose one of those offered.")
)

// pickup resolves a requested pickup time at now: 0 is as soon as
// possible, anything else must be one of today's open slots. It returns the
// pickup time and its slot; whether the slot has room is checked when it
// is taken.
func (c Config) pickup(now time.Time, at int64) (time.Time, time.Time, error) {
	switch {
	case !c.Activo:
		return time.Time{}, time.Time{}, ErrInactive
	case c.Paused(now):
		return time.Time{}, time.Time{}, ErrPaused
	}
	asap := c.asap(now)
	if at == 0 {
		if !c.openAt(asap) {
			return time.Time{}, time.Time{}, ErrClosed
		}
		return asap, c.slotOf(asap), nil
	}
	t := time.Unix(at, 0).In(c.location())
	_, end := c.DayBounds(now)
	if !t.Equal(c.slotOf(t)) || !t.After(c.slotOf(asap)) || !t.Before(end) {
		return time.Time{}, time.Time{}, ErrSlotBad
	}
	if !c.openAt(t) {
		return time.Time{}, time.Time{}, ErrClosed
	}
	return t, t, nil
}

// Location is the restaurant's time zone (UTC if its name no longer loads):
// the panel's days are the restaurant's days.
func (c Config) Location() *time.Location { return c.location() }
