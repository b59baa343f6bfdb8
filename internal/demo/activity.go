package demo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"

	"carta/internal/accounts"
	"carta/internal/billing"
	"carta/internal/clientes"
	"carta/internal/store"
	"carta/internal/tenant"
)

// A month in the life of the demo restaurants: pickup orders collected
// and coupons sold on the days before today, so the owner's panel (its
// summary and 30-day chart), the 'Clientes' page and the platform's fees
// show a restaurant in use rather than zeros. Nothing is dated today: the
// kitchen's board and the panel's "today" start empty and count what the
// person trying the demo does.

// ActivityDays is how far back the demo's history goes (the panel's window
// is 30 days, today included).
const ActivityDays = 29

// ordersOn is how many orders a demo restaurant collected d days ago: a
// weekly rhythm (quiet early week, busy weekend), the same on every start.
func ordersOn(d int) int { return []int{3, 1, 2, 0, 2, 4, 5}[d%7] }

type demoProduct struct {
	id         int64
	cloverItem string
	name       string
	price      int64
}

// SeedActivity writes the history of each demo restaurant that has no
// order yet (a later start changes nothing): paid orders marked collected
// with their lines, a diner's points for them, and coupons bought with
// their points and the platform's fee (already charged). It runs after the
// POS sync, which brings the products the orders are made of.
func SeedActivity(ctx context.Context, db *store.DB) error {
	return db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		for _, r := range Restaurants {
			c, err := clientes.ByMerchant(ctx, tx, r.MerchantID)
			if err != nil {
				return fmt.Errorf("demo activity of %s: %w", r.MerchantID, err)
			}
			var orders int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM pedidos WHERE cliente_id = ?`, c.ID).Scan(&orders); err != nil {
				return err
			}
			if orders > 0 {
				continue
			}
			if err := seedActivity(ctx, tx, c.ID); err != nil {
				return fmt.Errorf("demo activity of %s: %w", r.MerchantID, err)
			}
		}
		return nil
	})
}

func seedActivity(ctx context.Context, tx *store.Tx, clienteID int64) error {
	products, err := activityProducts(ctx, tx, clienteID)
	if err != nil || len(products) == 0 {
		return err
	}
	diners, err := activityDiners(ctx, tx, clienteID)
	if err != nil {
		return err
	}
	// The restaurant's currency; USD (the settings' default) before it saved any.
	var moneda string
	if err := tx.QueryRow(ctx, `SELECT COALESCE((SELECT moneda FROM configuraciones WHERE cliente_id = ?), 'USD')`, clienteID).Scan(&moneda); err != nil {
		return err
	}
	var cupon struct {
		id     int64
		titulo string
		precio int64
	}
	now := tx.NowUnix()
	err = tx.QueryRow(ctx, `SELECT id, titulo, precio FROM cupones WHERE cliente_id = ? ORDER BY id LIMIT 1`, clienteID).
		Scan(&cupon.id, &cupon.titulo, &cupon.precio)
	if errors.Is(store.NotFound(err), store.ErrNotFound) {
		// The month's promotion, ended an hour ago: its sales are history, and diners see only
		// the offers the person trying the demo creates.
		cupon.titulo, cupon.precio = "20% en tu próxima visita", 1500
		cupon.id, err = store.InsertID(ctx, tx, `INSERT INTO cupones (cliente_id, codigo, titulo, titulo_en, descripcion, descripcion_en, descuento,
			precio, fecha_expiracion, cantidad_disponible, estado, created_at) VALUES (?, ?, ?, ?, ?, ?, 20, ?, ?, 0, 'finalizado', ?)`,
			clienteID, fmt.Sprintf("DEMO-MES-%d", clienteID), cupon.titulo, "20% off your next visit", "Válido de lunes a jueves.",
			"Valid Monday to Thursday.", cupon.precio, now-3600, now-int64(ActivityDays+1)*day)
	}
	if err != nil {
		return err
	}
	for d := ActivityDays; d >= 1; d-- {
		for k := range ordersOn(d) {
			// At least a whole day before now, so never today wherever the restaurant is.
			at := now - int64(d)*day - int64(k)*5400
			var diner *activityDiner
			if len(diners) > 0 && (d+k)%3 == 0 {
				diner = &diners[(d+k)%len(diners)]
			}
			if err := seedOrder(ctx, tx, clienteID, moneda, at, products, d, k, diner); err != nil {
				return err
			}
		}
		if cupon.precio > 0 && len(diners) > 0 && d%4 == 1 {
			if err := seedCouponSale(ctx, tx, clienteID, moneda, now-int64(d)*day-1800, cupon.id, cupon.titulo, cupon.precio, diners[d%len(diners)].id); err != nil {
				return err
			}
		}
	}
	return nil
}

func activityProducts(ctx context.Context, tx *store.Tx, clienteID int64) ([]demoProduct, error) {
	rows, err := tx.Query(ctx, `SELECT id, clover_item_id, name, price FROM productos WHERE cliente_id = ? AND visible = 1 AND price > 0 ORDER BY id`, clienteID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []demoProduct
	for rows.Next() {
		var p demoProduct
		if err := rows.Scan(&p.id, &p.cloverItem, &p.name, &p.price); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

type activityDiner struct {
	id            int64
	nombre, email string
}

func activityDiners(ctx context.Context, tx *store.Tx, clienteID int64) ([]activityDiner, error) {
	rows, err := tx.Query(ctx, `SELECT u.id, u.nombre, u.email FROM usuario_restaurantes ur JOIN usuarios u ON u.id = ur.usuario_id
		WHERE ur.cliente_id = ? ORDER BY u.id`, clienteID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []activityDiner
	for rows.Next() {
		var a activityDiner
		if err := rows.Scan(&a.id, &a.nombre, &a.email); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// guestNames pick up the orders placed without an account.
var guestNames = []string{"Carmen López", "Luis Herrera", "Paula Vega", "Andrés Molina", "Elena Navarro", "Tomás Reyes"}

// seedOrder writes one collected order of one to three lines (no tax: the
// demo's history is about amounts, and the products' tax rates are the
// POS's), numbered like a live one, with its points when a diner placed it.
func seedOrder(ctx context.Context, tx *store.Tx, clienteID int64, moneda string, at int64, products []demoProduct, d, k int, diner *activityDiner) error {
	type line struct {
		p   demoProduct
		qty int64
	}
	var lines []line
	var subtotal int64
	for j := range 1 + (d+k)%3 {
		p := products[(d*3+k*5+j*7)%len(products)]
		qty := int64(1 + (d+j)%2)
		lines = append(lines, line{p, qty})
		subtotal += p.price * qty
	}
	var numero int64
	if err := tx.QueryRow(ctx, `UPDATE clientes SET pedidos_seq = pedidos_seq + 1 WHERE id = ? RETURNING pedidos_seq`, clienteID).Scan(&numero); err != nil {
		return err
	}
	token := make([]byte, 16)
	_, _ = rand.Read(token)
	nombre, email := guestNames[(d+k)%len(guestNames)], "pedidos@demo.test"
	var usuarioID any
	if diner != nil {
		nombre, email, usuarioID = diner.nombre, diner.email, diner.id
	}
	pickup := at + 20*60
	id, err := store.InsertID(ctx, tx, `INSERT INTO pedidos (cliente_id, numero, usuario_id, token, estado, nombre, email, recoger_at, lo_antes_posible,
		franja, subtotal, impuestos, total, moneda, expires_at, created_at, paid_at, updated_at)
		VALUES (?, ?, ?, ?, 'entregado', ?, ?, ?, 1, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
		clienteID, numero, usuarioID, hex.EncodeToString(token), nombre, email, pickup, pickup-pickup%900, subtotal, subtotal, moneda,
		at, at-60, at, pickup+600)
	if err != nil {
		return err
	}
	for i, l := range lines {
		if _, err := tx.Exec(ctx, `INSERT INTO pedido_lineas (pedido_id, posicion, producto_id, clover_item_id, nombre, cantidad, precio_unitario, subtotal)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, i, l.p.id, l.p.cloverItem, l.p.name, l.qty, l.p.price, l.p.price*l.qty); err != nil {
			return err
		}
	}
	if diner != nil && subtotal/100 > 0 {
		if err := accounts.CreditPoints(ctx, tx, tenant.DinerFromRecord(diner.id), tenant.Job(clienteID), accounts.PointsForOrder(id), subtotal/100, "Pedido #"+strconv.FormatInt(numero, 10)); err != nil {
			return err
		}
		return backdatePoints(ctx, tx, `pedido_id = ?`, id, at)
	}
	return nil
}

// seedCouponSale writes a coupon a diner bought (and redeemed the next day,
// when that day has passed), its points and the platform's fee, charged, as
// a purchase through the checkout leaves them.
func seedCouponSale(ctx context.Context, tx *store.Tx, clienteID int64, moneda string, at, cuponID int64, titulo string, precio, usuarioID int64) error {
	estado, redeemed := "canjeado", at+day
	if redeemed > tx.NowUnix() {
		estado, redeemed = "pagado", 0
	}
	compra, err := store.InsertID(ctx, tx, `INSERT INTO compras (usuario_id, cliente_id, cupon_id, descripcion, estado, subtotal, fee, total,
		expires_at, paid_at, redeemed_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		usuarioID, clienteID, cuponID, titulo, estado, precio, billing.FeeCents, precio+billing.FeeCents, at+90*day, at, redeemed, at)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE compras SET codigo_voucher = ? WHERE id = ?`, fmt.Sprintf("DEMO-V%d", compra), compra); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO fees (compra_id, cliente_id, amount, currency, estado, attempts, charge_id, created_at, charged_at)
		VALUES (?, ?, ?, ?, 'cobrado', 1, ?, ?, ?)`, compra, clienteID, billing.FeeCents, moneda, fmt.Sprintf("demo_fee_%d", compra), at, at); err != nil {
		return err
	}
	if err := accounts.CreditPoints(ctx, tx, tenant.DinerFromRecord(usuarioID), tenant.Job(clienteID), accounts.PointsForPurchase(compra), (precio+billing.FeeCents)/100, "Compra: "+titulo); err != nil {
		return err
	}
	return backdatePoints(ctx, tx, `compra_id = ?`, compra, at)
}

// backdatePoints dates the points credited for a past order or coupon on
// the day it happened (CreditPoints writes the current time), and makes
// that day the diner's last visit when it is later than the one recorded.
func backdatePoints(ctx context.Context, tx *store.Tx, where string, id, at int64) error {
	if _, err := tx.Exec(ctx, `UPDATE puntos SET created_at = ? WHERE `+where, at, id); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE usuario_restaurantes SET last_seen_at = ?
		WHERE last_seen_at < ? AND (usuario_id, cliente_id) IN (SELECT usuario_id, cliente_id FROM puntos WHERE `+where+`)`, at, at, id)
	return err
}
