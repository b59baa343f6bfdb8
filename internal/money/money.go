// Package money writes amounts of cents as people read them. It is the
// server's one formatter (e-mails, texts the server composes) and prints
// what the web app's formatCents (web/src/lib/money.ts: Intl.NumberFormat
// with the currency's narrow symbol) prints for the same amount, currency
// and language, so a receipt and the page it links to agree: '€12.50',
// '$1,234.56', 'Q 9.00', '$1,500' (CLP has no cents). testdata/formats.json
// is a table of cases the Go and the web tests both check.
package money

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// locale is how one locale writes numbers: its separators, whether the
// symbol follows the number ('9,50 €') and the fewest digits of the whole
// part that are grouped (CLDR's minimumGroupingDigits: Spain writes
// '1234,50 €' but '12.345,50 €'). Every locale of internal/locale's
// countries has an entry (the countries' test checks it).
type locale struct {
	group, decimal string
	symbolAfter    bool
	minGroup       int
}

var locales = map[string]locale{
	"es-ES": {group: ".", decimal: ",", symbolAfter: true, minGroup: 5},
	"en-ES": {group: ",", decimal: "."},
	"es-MX": {group: ",", decimal: "."},
	"en-MX": {group: ",", decimal: "."},
	"es-US": {group: ",", decimal: "."},
	"en-US": {group: ",", decimal: "."},
}

// Knows reports whether tag is a locale Format writes as Intl does.
func Knows(tag string) bool {
	_, ok := locales[tag]
	return ok
}

// langLocale is the locale of a bare UI language, for an amount of no
// restaurant (a restaurant's is internal/locale's Tag): what Carta wrote
// before countries, as web/src/lib/intl.ts has it.
var langLocale = map[string]string{"es": "es-MX", "en": "en-US"}

// currencyInfo is a currency's narrow symbol ("" writes its ISO code) and
// its minor digits (the places Intl shows).
type currencyInfo struct {
	symbol string
	digits int
}

// currencies holds what Intl (CLDR) prints for the currencies of the
// markets Carta serves, and the minor digits of every currency that does
// not have two. A code missing here is written as Intl writes an unknown
// one: 'PEN 12.50'.
var currencies = map[string]currencyInfo{
	// The Americas and Spain.
	"USD": {"$", 2}, "MXN": {"$", 2}, "EUR": {"€", 2}, "CAD": {"$", 2}, "ARS": {"$", 2}, "CLP": {"$", 0},
	"COP": {"$", 0}, "UYU": {"$", 2}, "DOP": {"$", 2}, "CUP": {"$", 2}, "CRC": {"₡", 2}, "GTQ": {"Q", 2},
	"HNL": {"L", 2}, "NIO": {"C$", 2}, "BOB": {"Bs", 2}, "PYG": {"₲", 0}, "BRL": {"R$", 2}, "JMD": {"$", 2},
	"TTD": {"$", 2}, "BZD": {"$", 2}, "BSD": {"$", 2}, "BBD": {"$", 2},
	// Elsewhere, common.
	"GBP": {"£", 2}, "JPY": {"¥", 0}, "CNY": {"¥", 2}, "KRW": {"₩", 0}, "INR": {"₹", 2}, "AUD": {"$", 2},
	"NZD": {"$", 2}, "HKD": {"$", 2}, "SGD": {"$", 2}, "ILS": {"₪", 2}, "PHP": {"₱", 2}, "THB": {"฿", 2},
	"TRY": {"₺", 2}, "UAH": {"₴", 2}, "RUB": {"₽", 2}, "NGN": {"₦", 2}, "VND": {"₫", 0}, "ZAR": {"R", 2},
	"PLN": {"zł", 2}, "CZK": {"Kč", 2}, "DKK": {"kr", 2}, "NOK": {"kr", 2}, "SEK": {"kr", 2}, "ISK": {"kr", 0},
	"HUF": {"Ft", 0}, "RON": {"lei", 2}, "IDR": {"Rp", 0},
	// Minor digits other than two, written with their code.
	"BHD": {"", 3}, "JOD": {"", 3}, "KWD": {"", 3}, "LYD": {"", 3}, "OMR": {"", 3}, "TND": {"", 3},
	"IQD": {"", 0}, "IRR": {"", 0}, "ALL": {"", 0}, "BIF": {"", 0}, "DJF": {"", 0}, "SLL": {"", 0},
	"SOS": {"", 0}, "UGX": {"", 0}, "VUV": {"", 0}, "YER": {"", 0},
}

// Format writes cents in currency for lang. currency is an ISO 4217 code
// (any case; USD when it is not three letters, as the web falls back);
// lang is a locale ("es-ES": a restaurant's, locale.Tag) or a bare UI
// language ("es" → es-MX, "en" → en-US); anything else is written as
// es-MX. Currencies without minor units still receive
// cents and are rounded half away from zero, as Intl rounds.
func Format(cents int64, currency, lang string) string {
	code := strings.ToUpper(strings.TrimSpace(currency))
	if !isCode(code) {
		code = "USD"
	}
	loc, ok := locales[lang]
	if !ok {
		loc = locales[langLocale[strings.ToLower(strings.SplitN(lang, "-", 2)[0])]]
		if loc == (locale{}) {
			loc = locales["es-MX"]
		}
	}
	info, ok := currencies[code]
	if !ok {
		info = currencyInfo{digits: 2}
	}
	symbol := info.symbol
	if symbol == "" {
		symbol = code
	}
	neg := cents < 0
	abs := uint64(cents)
	if neg {
		abs = -abs
	}
	var units, minor uint64
	switch info.digits {
	case 0:
		units = (abs + 50) / 100
	case 3:
		units, minor = abs/100, abs%100*10
	default:
		units, minor = abs/100, abs%100
	}
	digits := strconv.FormatUint(units, 10)
	num := digits
	if len(digits) >= max(loc.minGroup, 4) {
		num = group(digits, loc.group)
	}
	if info.digits > 0 {
		m := strconv.FormatUint(minor, 10)
		num += loc.decimal + strings.Repeat("0", info.digits-len(m)) + m
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	if loc.symbolAfter {
		b.WriteString(num + "\u00a0" + symbol)
		return b.String()
	}
	b.WriteString(symbol)
	// CLDR's currency spacing: a symbol that ends in a letter ('Q',
	// 'PEN') is kept apart from the digits by a no-break space; '$' or
	// 'C$' touches them.
	if r, _ := utf8.DecodeLastRuneInString(symbol); unicode.IsLetter(r) {
		b.WriteString("\u00a0")
	}
	b.WriteString(num)
	return b.String()
}

// isCode reports whether s is three ASCII capital letters.
func isCode(s string) bool {
	if len(s) != 3 {
		return false
	}
	for i := 0; i < 3; i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// group puts sep between each three digits from the right.
func group(digits, sep string) string {
	if len(digits) <= 3 {
		return digits
	}
	var b strings.Builder
	head := len(digits) % 3
	if head > 0 {
		b.WriteString(digits[:head])
	}
	for i := head; i < len(digits); i += 3 {
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(digits[i : i+3])
	}
	return b.String()
}

// Decimal writes cents as a plain decimal number with two digits after the
// point and no grouping ("1234.50", "-0.05"): what a spreadsheet reads as a
// number in any locale's import, and an amount in a text that has no
// locale of its own (the audit log's).
func Decimal(cents int64) string {
	sign := ""
	u := uint64(cents)
	if cents < 0 {
		sign, u = "-", -u
	}
	return sign + strconv.FormatUint(u/100, 10) + "." + strconv.FormatUint(u%100/10, 10) + strconv.FormatUint(u%10, 10)
}
