package notify

import "strings"

// callingCodes are the countries' calling codes (clientes.pais) used to complete a phone written
// without one.
var callingCodes = map[string]string{
	"ES": "34", "US": "1", "CA": "1", "MX": "52", "AR": "54", "CO": "57", "CL": "56", "PE": "51", "UY": "598",
	"GB": "44", "IE": "353", "FR": "33", "DE": "49", "IT": "39", "PT": "351", "NL": "31", "BE": "32",
}

// separators are what people write between a phone's digits: E164 drops them, and a reply's
// match (phoneTail) removes the same ones, so a phone Carta sends to is a phone a reply finds.
const separators = " -.()/"

// E164 writes a phone as WhatsApp and Twilio take it (+34600111222): spaces, dots, dashes and
// brackets go, 00 becomes +, and a number without a country code gets the calling code of pais
// (the restaurant's country). ok is false when it cannot be a phone.
func E164(phone, pais string) (string, bool) {
	var b strings.Builder
	plus := false
	for i, r := range strings.TrimSpace(phone) {
		switch {
		case r == '+' && b.Len() == 0 && !plus && i == 0:
			plus = true
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case strings.ContainsRune(separators, r):
		default:
			return "", false
		}
	}
	d := b.String()
	if !plus && strings.HasPrefix(d, "00") {
		d, plus = d[2:], true
	}
	if !plus {
		code, known := callingCodes[strings.ToUpper(pais)]
		if !known {
			return "", false
		}
		if code != "1" || len(d) != 11 || d[0] != '1' { // a US number written 1 555 …
			d = code + strings.TrimPrefix(d, "0")
		}
	}
	if len(d) < 8 || len(d) > 15 || d[0] == '0' {
		return "", false
	}
	return "+" + d, true
}

// digits are a phone's digits (the 00 of an international prefix dropped).
func digits(phone string) string {
	var b strings.Builder
	for _, r := range phone {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	d := b.String()
	if strings.HasPrefix(strings.TrimSpace(phone), "00") {
		d = strings.TrimPrefix(d, "00")
	}
	return d
}

// samePhone reports whether stored (as a diner wrote it) is the phone e164 (a provider's, with
// its country code): the same digits, or e164's ending in stored's national number (8 digits at
// least).
func samePhone(stored, e164 string) bool {
	s, e := digits(stored), digits(e164)
	s = strings.TrimLeft(s, "0")
	if len(s) < 8 || e == "" {
		return false
	}
	return s == e || strings.HasSuffix(e, s)
}
