package store

// Scanner is one row to read: a Row, or the current row of Rows.
type Scanner interface{ Scan(dest ...any) error }

// Collect reads every row of a query's answer with scan and closes the
// answer: the rows.Next loop written once. Use it as
//
//	return store.Collect(scanFee)(q.Query(ctx, `SELECT …`, args...))
//
// The query's own error comes back as it is; the slice is empty, not nil,
// when there is no row (a JSON list answers [], not null).
func Collect[T any](scan func(Scanner) (T, error)) func(*Rows, error) ([]T, error) {
	return func(rows *Rows, err error) ([]T, error) {
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		out := []T{}
		for rows.Next() {
			v, err := scan(rows)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, rows.Err()
	}
}

// Int64s reads a one-column answer of ids.
func Int64s(rows *Rows, err error) ([]int64, error) {
	return Collect(func(s Scanner) (id int64, err error) { return id, s.Scan(&id) })(rows, err)
}
