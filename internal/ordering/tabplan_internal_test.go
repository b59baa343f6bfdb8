package ordering

import (
	"context"
	"strings"
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

// TestTabClaimsUseTheirIndex: every view of a tab (the diner's page, the
// waiter's 'Mesas', each payment's start and confirmation) reads the lines
// its payments hold through an index on the tab, not by walking every
// tab's lines in every restaurant (migration 0045), on both engines. On
// PostgreSQL sequential scans are switched off for the question: on a
// small table its planner prefers one, whether an index exists or not.
func TestTabClaimsUseTheirIndex(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		var plan []string
		err := db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
			explain := "EXPLAIN QUERY PLAN "
			if db.Dialect() == store.Postgres {
				if _, err := tx.Exec(ctx, `SET LOCAL enable_seqscan = off`); err != nil {
					return err
				}
				explain = "EXPLAIN "
			}
			rows, err := tx.Query(ctx, explain+tabClaimsSQL, int64(1))
			if err != nil {
				return err
			}
			defer rows.Close()
			cols, err := rows.Columns()
			if err != nil {
				return err
			}
			for rows.Next() {
				vals := make([]any, len(cols))
				ptrs := make([]any, len(cols))
				for i := range vals {
					ptrs[i] = &vals[i]
				}
				if err := rows.Scan(ptrs...); err != nil {
					return err
				}
				if line, ok := vals[len(vals)-1].(string); ok {
					plan = append(plan, line)
				} else if b, ok := vals[len(vals)-1].([]byte); ok {
					plan = append(plan, string(b))
				}
			}
			return rows.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(plan, "\n")
		if !strings.Contains(got, "cuenta_pago_lineas_cuenta") {
			t.Fatalf("the tab's lines are read without their index:\n%s", got)
		}
	})
}
