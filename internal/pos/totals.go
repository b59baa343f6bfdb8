package pos

import "strconv"

// This file holds Clover's documented way of computing an order's totals, so that every place that
// must agree with Clover to the cent (the fake Clover server, the demo POS and the ordering domain)
// computes it the same way:
//
//   - https://docs.clover.com/docs/calculating-order-totals (steps 1, 5 and 6, the rounding note and
//     the note on line items that share a tax rate object)
//   - https://docs.clover.com/docs/tax-reports-examples (examples 1–5 and 8: rates are grouped by
//     tax rate object, not by percentage; 0% "No tax applied" rates collect nothing)
//
// The rule, for an order without discounts or service charges on a merchant without VAT:
//
//  1. A line item's amount is the item's price plus the prices of its modifiers. Carta sends one
//     Clover line item per unit, so a line of quantity q counts q such amounts.
//  2. Subtotal is the sum of the line item amounts.
//  3. For each tax rate object (by id) the taxable amount is the sum of the amounts of the line
//     items that carry it; its tax is taxable × rate, rounded once to the cent, half up
//     (rate is Clover's fixed point, 10% = 1000000, so tax = taxable × rate / 10,000,000).
//     A line item with two rates counts towards both.
//  4. Tax is the sum of the per-rate taxes; Total is Subtotal + Tax.
//
// Rounding per rate object rather than per line matters: two items of 5.50 that share one 8.25%
// rate collect 0.91 (11.00 × 8.25% = 0.9075), not 0.45 + 0.45 = 0.90 as rounding each line would
// give; with two distinct 8.25% rate objects (one per item) Clover does collect 0.90.

// RateScale is the denominator of Clover's fixed-point rates as a fraction: 10% = 1000000 means
// 1000000 / 10000000.
const RateScale = 10_000_000

// TaxableLine is one line of an order as the totals see it.
type TaxableLine struct {
	UnitPrice int64 // cents: the item's price plus its modifiers' prices
	Quantity  int
	TaxRates  []TaxRate // the rates that apply to the item (its own or the merchant's defaults)
}

// TaxSummary is the tax one rate object collects on an order.
type TaxSummary struct {
	Rate    TaxRate
	Taxable int64 // cents
	Tax     int64 // cents
}

// ComputeTotals returns the totals Clover computes for lines (see the rule above).
func ComputeTotals(lines []TaxableLine) Totals {
	var t Totals
	for _, l := range lines {
		t.Subtotal += l.UnitPrice * int64(l.Quantity)
	}
	for _, s := range TaxSummaries(lines) {
		t.Tax += s.Tax
	}
	t.Total = t.Subtotal + t.Tax
	return t
}

// TaxSummaries returns the tax of each rate object that applies to lines, in the order the rates
// first appear. A rate listed twice on the same line counts once; rates are told apart by id, so
// two rate objects of the same percentage are rounded separately, as Clover does.
func TaxSummaries(lines []TaxableLine) []TaxSummary {
	var out []TaxSummary
	index := map[string]int{}
	for _, l := range lines {
		amount := l.UnitPrice * int64(l.Quantity)
		seen := make(map[string]bool, len(l.TaxRates))
		for _, r := range l.TaxRates {
			key := r.ID
			if key == "" { // no id: only the percentage can tell it apart
				key = "\x00" + strconv.FormatInt(r.Rate, 10)
			}
			if seen[key] {
				continue
			}
			seen[key] = true
			i, ok := index[key]
			if !ok {
				i = len(out)
				index[key] = i
				out = append(out, TaxSummary{Rate: r})
			}
			out[i].Taxable += amount
		}
	}
	for i := range out {
		out[i].Tax = RoundHalfUp(out[i].Taxable*out[i].Rate.Rate, RateScale)
	}
	return out
}

// RoundHalfUp returns num/den rounded to the nearest integer, halves away from zero (Clover's
// "round half up": 33.455 → 33.46). den must be positive.
func RoundHalfUp(num, den int64) int64 {
	if num < 0 {
		return -RoundHalfUp(-num, den)
	}
	q, r := num/den, num%den
	if 2*r >= den {
		q++
	}
	return q
}
