package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Cliente is a restaurant (a tenant).
type Cliente struct {
	ID               int64   `json:"id"`
	Nombre           string  `json:"nombre"`
	MerchantID       *string `json:"merchant_id"`
	Email            string  `json:"email"`
	Estado           string  `json:"estado"`
	FechaProximoPago *string `json:"fecha_proximo_pago"`
}

// Restaurant states.
const (
	EstadoPendiente  = "pendiente"
	EstadoActivo     = "activo"
	EstadoSuspendido = "suspendido"
)

const clienteCols = `id, nombre, merchant_id, email, estado, fecha_proximo_pago`

func scanCliente(row interface{ Scan(...any) error }) (Cliente, error) {
	var c Cliente
	var mid, fecha sql.NullString
	if err := row.Scan(&c.ID, &c.Nombre, &mid, &c.Email, &c.Estado, &fecha); err != nil {
		return c, err
	}
	if mid.Valid {
		c.MerchantID = &mid.String
	}
	if fecha.Valid {
		c.FechaProximoPago = &fecha.String
	}
	return c, nil
}

// CreateCliente inserts a restaurant and returns its id. An empty merchant id
// is stored as NULL; a duplicate merchant id is ErrConflict.
func CreateCliente(ctx context.Context, q Querier, c Cliente) (int64, error) {
	if c.Estado == "" {
		c.Estado = EstadoPendiente
	}
	id, err := insertID(ctx, q, `INSERT INTO clientes (nombre, merchant_id, email, estado, fecha_proximo_pago, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, c.Nombre, c.MerchantID, c.Email, c.Estado, c.FechaProximoPago, q.now())
	if isUniqueViolation(err) {
		return 0, ErrConflict
	}
	if err != nil {
		return 0, fmt.Errorf("create cliente: %w", err)
	}
	return id, nil
}

// GetCliente returns one restaurant or ErrNotFound.
func GetCliente(ctx context.Context, q Querier, id int64) (Cliente, error) {
	c, err := scanCliente(q.QueryRow(ctx, `SELECT `+clienteCols+` FROM clientes WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNotFound
	}
	return c, err
}

// GetClienteByMerchant returns the restaurant with that merchant id or ErrNotFound.
func GetClienteByMerchant(ctx context.Context, q Querier, merchantID string) (Cliente, error) {
	c, err := scanCliente(q.QueryRow(ctx, `SELECT `+clienteCols+` FROM clientes WHERE merchant_id = ?`, merchantID))
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNotFound
	}
	return c, err
}

// ListClientes returns every restaurant ordered by id.
func ListClientes(ctx context.Context, q Querier) ([]Cliente, error) {
	rows, err := q.Query(ctx, `SELECT `+clienteCols+` FROM clientes ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Cliente{}
	for rows.Next() {
		c, err := scanCliente(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
