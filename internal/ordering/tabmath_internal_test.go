package ordering

import (
	"reflect"
	"testing"
)

func sum(xs []int64) int64 {
	var s int64
	for _, x := range xs {
		s += x
	}
	return s
}

func TestAllocate(t *testing.T) {
	for _, c := range []struct {
		name    string
		total   int64
		weights []int64
		want    []int64
	}{
		{"exact", 300, []int64{1, 1, 1}, []int64{100, 100, 100}},
		{"remainder to the largest remainders", 100, []int64{1, 1, 1}, []int64{34, 33, 33}},
		{"proportional", 1000, []int64{2500, 7500}, []int64{250, 750}},
		{"one cent among three unequal", 1, []int64{100, 300, 200}, []int64{0, 1, 0}},
		{"a zero-weight line gets nothing", 77, []int64{0, 1000, 1000}, []int64{0, 39, 38}},
		{"all zero: even", 5, []int64{0, 0}, []int64{3, 2}},
		{"nothing to split", 0, []int64{5, 5}, []int64{0, 0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := allocate(c.total, c.weights)
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("allocate(%d, %v) = %v, want %v", c.total, c.weights, got, c.want)
			}
			if sum(got) != c.total {
				t.Fatalf("parts add up to %d, not %d", sum(got), c.total)
			}
		})
	}
}

func TestLineCosts(t *testing.T) {
	// Tax added (US): 3 lines, 8.875% on 12.50 + 4.00 + 0.99 = 17.49 → tax 1.55.
	added := lineCosts([]int64{1250, 400, 99}, 155, false)
	if want := []lineCost{{1361, 111}, {435, 35}, {108, 9}}; !reflect.DeepEqual(added, want) {
		t.Fatalf("added: %v, want %v", added, want)
	}
	var imp int64
	for _, l := range added {
		imp += l.Importe
	}
	if imp != 1250+400+99+155 {
		t.Fatalf("the lines cost %d, the order %d", imp, 1250+400+99+155)
	}
	// VAT included (Spain, 10%): 9.50 + 3.00, tax 1.14 inside; a 0% line (water) in a mixed cart still gets a share.
	inc := lineCosts([]int64{950, 300, 0}, 114, true)
	if inc[0].Importe != 950 || inc[1].Importe != 300 || inc[2].Importe != 0 || inc[0].Impuestos+inc[1].Impuestos+inc[2].Impuestos != 114 {
		t.Fatalf("included: %v", inc)
	}
}

func TestShares(t *testing.T) {
	for _, c := range []struct {
		base int64
		n    int
		want []int64
	}{
		{10000, 4, []int64{2500, 2500, 2500, 2500}},
		{10001, 4, []int64{2501, 2500, 2500, 2500}},
		{10003, 4, []int64{2501, 2501, 2501, 2500}},
		{5, 3, []int64{2, 2, 1}},
		{1, 2, []int64{1, 0}},
	} {
		var got []int64
		for k := 1; k <= c.n; k++ {
			got = append(got, share(c.base, c.n, k))
		}
		if !reflect.DeepEqual(got, c.want) || sum(got) != c.base {
			t.Errorf("shares of %d between %d: %v, want %v", c.base, c.n, got, c.want)
		}
	}
	if share(100, 4, 0) != 0 || share(100, 4, 5) != 0 || share(100, 0, 1) != 0 {
		t.Error("a share outside 1..n must be 0")
	}
}

func TestTips(t *testing.T) {
	for _, c := range []struct {
		base int64
		pct  int
		want int64
	}{
		{1000, 10, 100},
		{1005, 10, 101}, // 100.5 rounds half up
		{1004, 10, 100},
		{3333, 15, 500}, // 499.95
		{2499, 20, 500}, // 499.8
		{1000, 0, 0},
		{0, 15, 0},
	} {
		if got := tipFor(c.base, c.pct); got != c.want {
			t.Errorf("tipFor(%d, %d%%) = %d, want %d", c.base, c.pct, got, c.want)
		}
	}
	// The tip's base of a share: a quarter of a 110.00 tab whose pre-tax amount is 100.00.
	if got := preTax(2750, 10000, 11000); got != 2500 {
		t.Errorf("preTax of a quarter = %d, want 2500", got)
	}
	if got := preTax(11000, 10000, 11000); got != 10000 {
		t.Errorf("preTax of everything = %d, want the whole base", got)
	}
	if got := preTax(1, 10000, 11000); got != 1 { // 0.909 → 1
		t.Errorf("preTax of one cent = %d, want 1", got)
	}
	// Tips on each share of an even split: 4 shares of 100.03 (pre-tax 91.00) at 10 %.
	var tips int64
	for k := 1; k <= 4; k++ {
		tips += tipFor(preTax(share(10003, 4, k), 9100, 10003), 10)
	}
	if tips < 908 || tips > 912 {
		t.Errorf("tips on four shares = %d, want about 10%% of 91.00", tips)
	}
}

// TestTabRefundOfAPart: what a payment owes back of itself (a late payment
// beyond what was left; a cancelled order's excess spread latest first),
// and what is left to give back of that part.
func TestTabRefundOfAPart(t *testing.T) {
	t.Run("over-paid", func(t *testing.T) {
		for _, c := range []struct {
			name                string
			importe, left, want int64
		}{
			{"covers what was left exactly", 5000, 5000, 0},
			{"less than what was left", 2000, 5000, 0},
			{"part beyond what was left", 5000, 1234, 3766},
			{"nothing was left: all of it", 5000, 0, 5000},
			{"others over-paid meanwhile (negative left): all of it, never more", 5000, -700, 5000},
			{"one cent left", 1, 1, 0},
		} {
			t.Run(c.name, func(t *testing.T) {
				if got := overPaid(c.importe, c.left); got != c.want {
					t.Fatalf("overPaid(%d, %d) = %d, want %d", c.importe, c.left, got, c.want)
				}
			})
		}
	})
	t.Run("owed back latest first", func(t *testing.T) {
		for _, c := range []struct {
			name  string
			over  int64
			rooms []int64
			want  []int64
		}{
			{"nothing over", 0, []int64{1000, 2000}, []int64{0, 0}},
			{"the latest payment alone", 1500, []int64{1000, 2000}, []int64{0, 1500}},
			{"the latest in full, then the one before", 2500, []int64{1000, 2000}, []int64{500, 2000}},
			{"more than every payment holds: all of them", 9000, []int64{1000, 2000}, []int64{1000, 2000}},
			{"a payment already owing all back is skipped", 700, []int64{1000, 0}, []int64{700, 0}},
			{"a share of three split in cents", 3334, []int64{3334, 3333, 3333}, []int64{0, 1, 3333}},
			{"no payments", 500, nil, []int64{}},
		} {
			t.Run(c.name, func(t *testing.T) {
				got := owedBack(c.over, c.rooms)
				if !reflect.DeepEqual(got, c.want) {
					t.Fatalf("owedBack(%d, %v) = %v, want %v", c.over, c.rooms, got, c.want)
				}
				var room int64
				for i, r := range c.rooms {
					room += r
					if got[i] > r {
						t.Fatalf("payment %d gives back %d, more than its %d", i, got[i], r)
					}
				}
				if sum(got) != min(c.over, room) {
					t.Fatalf("parts add up to %d, not %d", sum(got), min(c.over, room))
				}
			})
		}
	})
	t.Run("refundable", func(t *testing.T) {
		for _, c := range []struct {
			name              string
			owed, given, want int64
		}{
			{"nothing given yet", 766, 0, 766},
			{"part given", 766, 500, 266},
			{"all given", 766, 766, 0},
			{"more given (never negative)", 766, 900, 0},
		} {
			t.Run(c.name, func(t *testing.T) {
				if got := refundable(c.owed, c.given); got != c.want {
					t.Fatalf("refundable(%d, %d) = %d, want %d", c.owed, c.given, got, c.want)
				}
			})
		}
	})
}
