package ordering

// The arithmetic of a table's tab, in integer cents, kept apart from the
// store so it can be table-tested: what each line costs the diner who pays
// it, an even split's shares, the pre-tax base a tip is computed on, and the
// tip. Every function is exact: parts always add up to their whole.

// allocate splits total into parts proportional to weights by the largest
// remainder method: the parts add up to exactly total, each is the floor of
// its exact share or one more, and ties go to the earlier part. All-zero
// weights split evenly (remainders to the first parts).
func allocate(total int64, weights []int64) []int64 {
	out := make([]int64, len(weights))
	if len(weights) == 0 || total == 0 {
		return out
	}
	var sum int64
	for _, w := range weights {
		sum += w
	}
	if sum == 0 {
		weights = make([]int64, len(weights))
		for i := range weights {
			weights[i] = 1
		}
		sum = int64(len(weights))
	}
	rems := make([]int64, len(weights))
	var given int64
	for i, w := range weights {
		// total × w fits in int64: an order's total and its lines' weights
		// are bounded far below 3 × 10^9 cents (MaxUnitPrice × MaxQuantity × MaxLines).
		out[i] = total * w / sum
		rems[i] = total * w % sum
		given += out[i]
	}
	for left := total - given; left > 0; left-- {
		best := -1
		for i, r := range rems {
			if r >= 0 && (best < 0 || r > rems[best]) {
				best = i
			}
		}
		out[best]++
		rems[best] = -1
	}
	return out
}

// lineCost is what one line of an order costs the diner who pays for it:
// importe (tax included) and the part of it that is tax.
type lineCost struct {
	Importe, Impuestos int64
}

// lineCosts divides an order's tax among its lines in proportion to their
// subtotals (allocate), so the lines' costs add up to the order's total to
// the cent: with the tax added, importe = subtotal + its tax; with prices
// that include it (VAT), importe = subtotal and the tax is the part of it.
// The order's tax was computed per rate over the whole order, as the POS
// does; a line's share of it is an apportionment, exact in sum.
func lineCosts(subtotals []int64, taxes int64, included bool) []lineCost {
	shares := allocate(taxes, subtotals)
	out := make([]lineCost, len(subtotals))
	for i, s := range subtotals {
		out[i] = lineCost{Importe: s, Impuestos: shares[i]}
		if !included {
			out[i].Importe += shares[i]
		}
	}
	return out
}

// share is share k (1-based) of base split evenly between n: base/n, and one
// cent more for the first base%n shares, so the n shares add up to base.
func share(base int64, n, k int) int64 {
	if n <= 0 || k < 1 || k > n {
		return 0
	}
	s := base / int64(n)
	if int64(k) <= base%int64(n) {
		s++
	}
	return s
}

// preTax is the pre-tax part of amount, a part of a tab whose total is
// total and whose pre-tax amount is base: amount × base / total rounded
// half up. A payment that covers the whole tab gets the whole base.
func preTax(amount, base, total int64) int64 {
	if total <= 0 || amount <= 0 {
		return 0
	}
	if amount >= total {
		return base
	}
	return (amount*base*2 + total) / (2 * total)
}

// tipFor is pct percent of base, rounded half up: a tip is computed on the
// pre-tax amount the payment covers (never on the tax, nor on another tip).
func tipFor(base int64, pct int) int64 {
	if base <= 0 || pct <= 0 {
		return 0
	}
	return (base*int64(pct)*2 + 100) / 200
}

// overPaid is what a payment of importe takes beyond left, what was left to
// pay of its tab when it arrived: at most the whole payment, never negative.
// That part is owed back to the diner (a refund of a part of the payment).
func overPaid(importe, left int64) int64 {
	return min(importe, max(0, importe-max(0, left)))
}

// owedBack spreads over — what a tab's payments took beyond its total —
// over its payments latest first: rooms[i] is what payment i (oldest first)
// can still give back (what it covered less what it already owes back). It
// answers what each owes back anew; the parts add up to over, or to every
// room when over is more than they hold. The latest payments give back
// first: the earlier diners' receipts stay as they were.
func owedBack(over int64, rooms []int64) []int64 {
	out := make([]int64, len(rooms))
	for i := len(rooms) - 1; i >= 0 && over > 0; i-- {
		out[i] = min(max(rooms[i], 0), over)
		over -= out[i]
	}
	return out
}

// refundable is what is left to give back of a part owed of a payment, given
// what was already given back (or is being given back) of it.
func refundable(owed, given int64) int64 {
	return max(0, owed-given)
}
