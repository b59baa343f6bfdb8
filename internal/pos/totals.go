package pos

import (
	"math/big"
	"strconv"
)

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
//
// On a VAT merchant (Clover's merchant property "vat", echoed as "isVat" on its orders and
// checkouts) item prices already include the tax, and steps 3 and 4 become:
//
//  3. For each tax rate object the taxable amount is still the sum of the (gross) amounts of the
//     line items that carry it; its tax is the part of that gross that is tax,
//     gross − gross/(1+rate) = gross × rate / (1 + rate), rounded once to the cent, half up. A
//     line item that carries several rates holds gross/(1+Σrates) of net, and each rate's tax is
//     net × rate, summed exactly before the single rounding.
//  4. Tax is the sum of the per-rate taxes; Total is Subtotal (the sum of the prices), and Tax is
//     the part of it that is tax. A 0% rate extracts nothing.

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

// ComputeTotals returns the totals Clover computes for lines on a merchant that adds tax to its
// prices (see the rule above).
func ComputeTotals(lines []TaxableLine) Totals { return TotalsFor(lines, false) }

// TotalsFor returns the totals Clover computes for lines; included is the merchant's VAT setting
// (prices include the tax).
func TotalsFor(lines []TaxableLine, included bool) Totals {
	t := Totals{TaxIncluded: included}
	for _, l := range lines {
		t.Subtotal += l.UnitPrice * int64(l.Quantity)
	}
	for _, s := range SummariesFor(lines, included) {
		t.Tax += s.Tax
	}
	t.Total = t.Subtotal
	if !included {
		t.Total += t.Tax
	}
	return t
}

// TaxSummaries returns the tax of each rate object that applies to lines on a merchant that adds
// tax to its prices, in the order the rates first appear. A rate listed twice on the same line
// counts once; rates are told apart by id, so two rate objects of the same percentage are rounded
// separately, as Clover does.
func TaxSummaries(lines []TaxableLine) []TaxSummary { return SummariesFor(lines, false) }

// SummariesFor is TaxSummaries on a merchant whose prices include the tax when included is set
// (the tax of each rate is then extracted from the gross; see the rule above).
func SummariesFor(lines []TaxableLine, included bool) []TaxSummary {
	var out []TaxSummary
	var exact []*big.Rat // included: each rate's unrounded tax, in cents
	index := map[string]int{}
	for _, l := range lines {
		amount := l.UnitPrice * int64(l.Quantity)
		seen := make(map[string]bool, len(l.TaxRates))
		var rates []TaxRate // the line's distinct rates
		var sum int64       // their total, Clover's scale
		for _, r := range l.TaxRates {
			key := rateKey(r)
			if seen[key] {
				continue
			}
			seen[key] = true
			rates = append(rates, r)
			sum += r.Rate
		}
		for _, r := range rates {
			i, ok := index[rateKey(r)]
			if !ok {
				i = len(out)
				index[rateKey(r)] = i
				out = append(out, TaxSummary{Rate: r})
				exact = append(exact, new(big.Rat))
			}
			out[i].Taxable += amount
			if included { // amount × rate / (scale + Σ rates of the line)
				exact[i].Add(exact[i], big.NewRat(0, 1).SetFrac(
					new(big.Int).Mul(big.NewInt(amount), big.NewInt(r.Rate)), big.NewInt(RateScale+sum)))
			}
		}
	}
	for i := range out {
		if included {
			out[i].Tax = roundRatHalfUp(exact[i])
			continue
		}
		out[i].Tax = RoundHalfUp(out[i].Taxable*out[i].Rate.Rate, RateScale)
	}
	return out
}

// rateKey tells rate objects apart: by id, or when there is none by percentage.
func rateKey(r TaxRate) string {
	if r.ID == "" {
		return "\x00" + strconv.FormatInt(r.Rate, 10)
	}
	return r.ID
}

// roundRatHalfUp is RoundHalfUp of an exact fraction.
func roundRatHalfUp(x *big.Rat) int64 {
	q, r := new(big.Int).QuoRem(x.Num(), x.Denom(), new(big.Int))
	if r.Sign() < 0 { // only non-negative amounts reach here; keep halves away from zero anyway
		r.Neg(r)
		if new(big.Int).Mul(r, big.NewInt(2)).Cmp(x.Denom()) >= 0 {
			q.Sub(q, big.NewInt(1))
		}
		return q.Int64()
	}
	if new(big.Int).Mul(r, big.NewInt(2)).Cmp(x.Denom()) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	return q.Int64()
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
