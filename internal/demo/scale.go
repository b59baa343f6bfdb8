package demo

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"carta/internal/auth"
	"carta/internal/pos"
	"carta/internal/store"
)

// ScaleOptions sizes the data `carta seed-scale` adds for the scale
// benchmarks (bench/scale.sh).
type ScaleOptions struct {
	Restaurants  int // restaurants added
	Products     int // per restaurant, in 10 POS categories and 5 main ones
	Offers       int // coupon offers per restaurant
	Days         int // days of history
	OrdersPerDay int // paid pickup orders per restaurant per day, 2 lines each
	CouponsSold  int // vouchers sold per restaurant over the history
	Diners       int // diner accounts shared by all the restaurants
	Now          time.Time
}

// DefaultScale is the figure: 10,000 restaurants × 200 products ×
// 20 offers × a year of orders.
var DefaultScale = ScaleOptions{Restaurants: 10000, Products: 200, Offers: 20, Days: 365, OrdersPerDay: 1, CouponsSold: 50, Diners: 50000}

// ScaleDiner is the diner account seed-scale creates with a known password
// and a long history (a voucher and an order at 40 restaurants), for the
// 'Mis Compras' benchmark.
const (
	ScaleDinerEmail    = "escala@example.com"
	ScaleDinerPassword = "escala-diner-1"
)

// ScaleReport counts the rows SeedScale wrote and the restaurant ids it used.
type ScaleReport struct {
	FirstID, LastID int64
	Rows            map[string]int64
}

// SeedScale adds o.Restaurants restaurants with their menus, offers,
// diners, vouchers, fees and a history of orders, written with multi-row
// INSERTs in large transactions: a generator for benchmarks, not demo data
// to look at (no images, no translations). It adds to what is there, so a
// benchmark can measure the same restaurant before and after. Progress goes
// to w.
func SeedScale(ctx context.Context, db *store.DB, o ScaleOptions, w io.Writer) (ScaleReport, error) {
	rep := ScaleReport{Rows: map[string]int64{}}
	if o.Now.IsZero() {
		o.Now = time.Now()
	}
	ids := map[string]int64{}
	for _, t := range []string{"clientes", "staff_users", "categorias", "subcategorias", "productos", "cupones", "usuarios", "compras", "puntos", "fees", "pedidos"} {
		var n int64
		if err := db.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM `+t).Scan(&n); err != nil {
			return rep, fmt.Errorf("max id of %s: %w", t, err)
		}
		ids[t] = n
	}
	rep.FirstID, rep.LastID = ids["clientes"]+1, ids["clientes"]+int64(o.Restaurants)
	now := o.Now.Unix()
	day := int64(24 * 3600)
	taxes, _ := json.Marshal([]pos.TaxRate{{ID: "TAX1", Name: "IVA", Rate: 800000, IsDefault: true}})
	mods, _ := json.Marshal([]pos.ModifierGroup{{ID: "G1", Name: "Tamaño", MinRequired: 1, MaxAllowed: 1,
		Modifiers: []pos.Modifier{{ID: "M1", Name: "Chico"}, {ID: "M2", Name: "Grande", Price: 150}}}})
	dinerHash, err := auth.HashPassword(ScaleDinerPassword)
	if err != nil {
		return rep, err
	}
	b := &bulk{db: db, rows: rep.Rows}
	// The benchmark diner is created once; later runs add to its history.
	benchDiner := int64(0)
	if err := db.QueryRow(ctx, `SELECT id FROM usuarios WHERE email = ?`, ScaleDinerEmail).Scan(&benchDiner); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return rep, err
	}

	// Diners first: every restaurant's vouchers and orders name some.
	start := time.Now()
	firstDiner := ids["usuarios"] + 1
	newBench := benchDiner == 0
	if newBench {
		benchDiner = firstDiner
	}
	err = b.run(ctx, "usuarios", "id, nombre, email, password_hash, welcome_sent, created_at", o.Diners, func(i int, add func(...any)) {
		id := firstDiner + int64(i)
		hash, email := "!", fmt.Sprintf("comensal%d@escala.example", id)
		if i == 0 && newBench {
			hash, email = dinerHash, ScaleDinerEmail
		}
		add(id, fmt.Sprintf("Comensal %d", id), email, hash, 1, now-int64(o.Days)*day)
	})
	if err != nil {
		return rep, err
	}
	fmt.Fprintf(w, "diners: %d in %s\n", o.Diners, time.Since(start).Round(time.Millisecond))

	// Restaurants in blocks, each block one transaction per table.
	const block = 250
	for first := 0; first < o.Restaurants; first += block {
		n := min(block, o.Restaurants-first)
		cid := func(i int) int64 { return rep.FirstID + int64(first+i) }
		if err := seedScaleBlock(ctx, b, o, ids, firstDiner, benchDiner, first, n, cid, now, day, string(taxes), string(mods)); err != nil {
			return rep, err
		}
		if (first/block)%8 == 7 || first+n == o.Restaurants {
			fmt.Fprintf(w, "restaurants: %d of %d, %s\n", first+n, o.Restaurants, time.Since(start).Round(time.Second))
		}
	}
	if db.Dialect() == store.Postgres {
		for t := range ids {
			if _, err := db.Exec(ctx, fmt.Sprintf(`SELECT setval(pg_get_serial_sequence('%s', 'id'), (SELECT MAX(id) FROM %s))`, t, t)); err != nil {
				return rep, fmt.Errorf("sequence of %s: %w", t, err)
			}
		}
		if _, err := db.Exec(ctx, `ANALYZE`); err != nil {
			return rep, err
		}
	} else if _, err := db.Exec(ctx, `ANALYZE`); err != nil {
		return rep, err
	}
	return rep, nil
}

// seedScaleBlock writes n restaurants (ids cid(0)…cid(n-1)) and all their rows.
// first is the index of cid(0) among the restaurants added: ids of the
// other tables are numbered from it, so each block knows its own.
func seedScaleBlock(ctx context.Context, b *bulk, o ScaleOptions, ids map[string]int64, firstDiner, benchDiner int64, first, n int, cid func(int) int64,
	now, day int64, taxes, mods string) error {
	pick := func(i int) int64 { return firstDiner + int64(i%o.Diners) }
	k := int64(first)
	// The benchmark diner has a voucher and an order at each of the first
	// 40 restaurants added.
	bench := func(r int) bool { return k+int64(r) < 40 }
	err := b.run(ctx, "clientes", "id, nombre, merchant_id, email, estado, created_at, menu_version, busqueda, pos_provider, fecha_proximo_pago", n,
		func(i int, add func(...any)) {
			id := cid(i)
			nombre := fmt.Sprintf("Restaurante %05d %s", id, scaleWords[id%int64(len(scaleWords))])
			email, mid := fmt.Sprintf("dueno%d@escala.example", id), fmt.Sprintf("SC%08d", id)
			add(id, nombre, mid, email, "activo", now-int64(o.Days)*day, 1, store.Fold(nombre+" "+email+" "+mid), "demo", "2027-01-01")
		})
	if err != nil {
		return err
	}
	if err := b.run(ctx, "staff_users", "id, email, password_hash, role, cliente_id, created_at", n, func(i int, add func(...any)) {
		add(ids["staff_users"]+k+int64(i)+1, fmt.Sprintf("dueno%d@escala.example", cid(i)), "!", "cliente", cid(i), now)
	}); err != nil {
		return err
	}
	// Each owner is their restaurant's propietario (staff roles).
	if err := b.run(ctx, "membresias", "staff_user_id, cliente_id, rol, created_at", n, func(i int, add func(...any)) {
		add(ids["staff_users"]+k+int64(i)+1, cid(i), "propietario", now)
	}); err != nil {
		return err
	}
	if err := b.run(ctx, "configuraciones", "cliente_id, nombre_restaurante, updated_at", n, func(i int, add func(...any)) {
		add(cid(i), fmt.Sprintf("Restaurante %05d", cid(i)), now)
	}); err != nil {
		return err
	}
	if err := b.run(ctx, "pedidos_config", "cliente_id, activo, horario_json, updated_at", n, func(i int, add func(...any)) {
		add(cid(i), 1, `[]`, now)
	}); err != nil {
		return err
	}
	const posCats, mainCats = 10, 5
	if err := b.run(ctx, "pos_categorias", "cliente_id, clover_category_id, name, sort_order", n*posCats, func(i int, add func(...any)) {
		add(cid(i/posCats), fmt.Sprintf("C%d", i%posCats), fmt.Sprintf("Categoría %d", i%posCats), i%posCats)
	}); err != nil {
		return err
	}
	catBase := ids["categorias"] + k*mainCats
	if err := b.run(ctx, "categorias", "id, cliente_id, name, position, created_at", n*mainCats, func(i int, add func(...any)) {
		add(catBase+int64(i)+1, cid(i/mainCats), fmt.Sprintf("Sección %d", i%mainCats), i%mainCats, now)
	}); err != nil {
		return err
	}
	subBase := ids["subcategorias"] + k*posCats
	if err := b.run(ctx, "subcategorias", "id, cliente_id, categoria_id, clover_category_id, position", n*posCats, func(i int, add func(...any)) {
		r, s := i/posCats, i%posCats
		add(subBase+int64(i)+1, cid(r), catBase+int64(r*mainCats+s/2)+1, fmt.Sprintf("C%d", s), s%2+1)
	}); err != nil {
		return err
	}
	P := o.Products
	prodBase := ids["productos"] + k*int64(P)
	if err := b.run(ctx, "productos", "id, cliente_id, clover_item_id, name, description, price, modifiers_json, taxes_json", n*P, func(i int, add func(...any)) {
		r, p := i/P, i%P
		m := "[]"
		if p%4 == 0 {
			m = mods
		}
		add(prodBase+int64(i)+1, cid(r), fmt.Sprintf("I%d", p), fmt.Sprintf("Platillo %d de la casa", p),
			"Preparado al momento con ingredientes de temporada.", 500+int64(p*37%2500), m, taxes)
	}); err != nil {
		return err
	}
	if err := b.run(ctx, "producto_categorias", "producto_id, cliente_id, clover_category_id", n*P, func(i int, add func(...any)) {
		add(prodBase+int64(i)+1, cid(i/P), fmt.Sprintf("C%d", i%P%posCats))
	}); err != nil {
		return err
	}
	O := o.Offers
	cupBase := ids["cupones"] + k*int64(O)
	if err := b.run(ctx, "cupones", "id, cliente_id, codigo, titulo, descripcion, descuento, precio, fecha_expiracion, cantidad_disponible, estado, created_at", n*O,
		func(i int, add func(...any)) {
			id := cupBase + int64(i) + 1
			add(id, cid(i/O), fmt.Sprintf("ESC%d", id), fmt.Sprintf("%d%% en tu próxima visita", 10+i%O*2), "Válido de lunes a jueves.",
				10+i%O*2, 1000+int64(i%O)*100, now+90*day, 100, "activo", now-30*day)
		}); err != nil {
		return err
	}
	// Vouchers sold over the history, each with its points and its fee.
	S := o.CouponsSold
	compraBase := ids["compras"] + k*int64(S)
	span := int64(o.Days) * day
	at := func(i, per int) int64 { return now - span + span*int64(i%per)/int64(max(per, 1)) }
	if err := b.run(ctx, "compras", "id, usuario_id, cliente_id, cupon_id, descripcion, estado, subtotal, fee, total, codigo_voucher, checkout_session_id, paid_at, created_at", n*S,
		func(i int, add func(...any)) {
			id := compraBase + int64(i) + 1
			r, s := i/S, i%S
			u := pick(int(id) * 7919)
			if s == 0 && bench(r) {
				u = benchDiner
			}
			price := 1000 + int64(s%O)*100
			add(id, u, cid(r), cupBase+int64(r*O+s%O)+1, "Cupón", "pagado", price, 500, price+500,
				fmt.Sprintf("VESC%d", id), fmt.Sprintf("cs_escala_%d", id), at(s, S), at(s, S))
		}); err != nil {
		return err
	}
	if err := b.run(ctx, "puntos", "id, usuario_id, cliente_id, compra_id, puntos, motivo, created_at", n*S, func(i int, add func(...any)) {
		id := compraBase + int64(i) + 1
		r, s := i/S, i%S
		u := pick(int(id) * 7919)
		if s == 0 && bench(r) {
			u = benchDiner
		}
		add(ids["puntos"]+k*int64(S)+int64(i)+1, u, cid(r), id, 10, "Compra: Cupón", at(s, S))
	}); err != nil {
		return err
	}
	if err := b.run(ctx, "fees", "id, compra_id, cliente_id, amount, currency, estado, attempts, charge_id, created_at, charged_at", n*S,
		func(i int, add func(...any)) {
			id := compraBase + int64(i) + 1
			add(ids["fees"]+k*int64(S)+int64(i)+1, id, cid(i/S), 500, "usd", "cobrado", 1, fmt.Sprintf("ch_escala_%d", id), at(i%S, S), at(i%S, S))
		}); err != nil {
		return err
	}
	// A year of orders: one per day per restaurant (OrdersPerDay), the
	// last day's still on the board.
	D := o.Days * o.OrdersPerDay
	pedBase := ids["pedidos"] + k*int64(D)
	if err := b.run(ctx, "pedidos", `id, cliente_id, numero, usuario_id, token, estado, nombre, email, recoger_at, franja, subtotal, impuestos,
		total, moneda, expires_at, pos_estado, created_at, paid_at, updated_at`, n*D, func(i int, add func(...any)) {
		id := pedBase + int64(i) + 1
		r, d := i/D, i%D
		t := at(d, D)
		estado := "entregado"
		if d >= D-o.OrdersPerDay {
			estado, t = "recibido", now-int64(d%max(o.OrdersPerDay, 1))*600
		}
		u := any(nil)
		if d%3 == 0 {
			u = pick(int(id) * 104729)
		}
		if d == D-1 && bench(r) {
			u = benchDiner
		}
		add(id, cid(r), d+1, u, fmt.Sprintf("tok-escala-%d", id), estado, "Cliente", "cliente@escala.example", t+1200, t+1200,
			2000, 160, 2160, "USD", t+900, "creado", t, t, t)
	}); err != nil {
		return err
	}
	if err := b.run(ctx, "pedido_lineas", "pedido_id, posicion, producto_id, clover_item_id, nombre, cantidad, precio_unitario, subtotal", n*D*2,
		func(i int, add func(...any)) {
			j := i / 2
			r, p := j/D, (j%P+i%2*7)%P
			add(pedBase+int64(j)+1, i%2, prodBase+int64(r*P+p)+1, fmt.Sprintf("I%d", p), fmt.Sprintf("Platillo %d de la casa", p), 1, 1000, 1000)
		}); err != nil {
		return err
	}
	_, err = b.db.Exec(ctx, `UPDATE clientes SET pedidos_seq = ? WHERE id BETWEEN ? AND ?`, D, cid(0), cid(n-1))
	return err
}

var scaleWords = []string{"Taquería", "Cantina", "Marisquería", "Parrilla", "Café", "Fonda", "Cocina"}

// bulk writes rows with multi-row INSERTs, one transaction per call.
type bulk struct {
	db   *store.DB
	rows map[string]int64
}

// run inserts n rows into table (row(i, add) calls add once with the
// row's values) in statements of up to 500 rows.
func (b *bulk) run(ctx context.Context, table, cols string, n int, row func(i int, add func(...any))) error {
	if n == 0 {
		return nil
	}
	return b.db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		ncols := strings.Count(cols, ",") + 1
		per := min(500, 30000/ncols)
		one := "(" + strings.TrimSuffix(strings.Repeat("?, ", ncols), ", ") + ")"
		args := make([]any, 0, per*ncols)
		flush := func(rows int) error {
			if rows == 0 {
				return nil
			}
			q := "INSERT INTO " + table + " (" + cols + ") VALUES " + strings.TrimSuffix(strings.Repeat(one+", ", rows), ", ")
			if _, err := tx.Exec(ctx, q, args...); err != nil {
				return fmt.Errorf("insert into %s: %w", table, err)
			}
			b.rows[table] += int64(rows)
			args = args[:0]
			return nil
		}
		rows := 0
		for i := range n {
			row(i, func(v ...any) { args = append(args, v...) })
			if rows++; rows == per {
				if err := flush(rows); err != nil {
					return err
				}
				rows = 0
			}
		}
		return flush(rows)
	})
}
