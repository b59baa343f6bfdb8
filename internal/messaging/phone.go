package messaging

import (
	"errors"
	"fmt"
	"strings"
)

// ErrPhone is returned by Phone for what is not a phone number of the given country, nor an
// international one.
var ErrPhone = errors.New("messaging: not a phone number")

// Phone normalises a phone number as people type it to E.164 ("+34600111222"): spaces, dashes,
// dots and brackets are dropped; "+" or "00" starts an international number (8 to 15 digits,
// ITU-T E.164's maximum); otherwise the number is read in country's national plan: ES nine
// digits (mobile 6/7, landline 8/9), MX ten digits (an old "044"/"045" or "1" mobile prefix is
// dropped), US ten digits (an "1" trunk prefix is dropped). A national number of another
// country, or any other country, is refused with ErrPhone.
func Phone(s, country string) (string, error) {
	var b strings.Builder
	for i, r := range strings.TrimSpace(s) {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0:
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '.' || r == '(' || r == ')' || r == '\u00a0':
		default:
			return "", fmt.Errorf("%w: %q", ErrPhone, s)
		}
	}
	n := b.String()
	if rest, ok := strings.CutPrefix(n, "00"); ok {
		n = "+" + rest
	}
	if rest, ok := strings.CutPrefix(n, "+"); ok {
		if len(rest) < 8 || len(rest) > 15 || rest[0] == '0' {
			return "", fmt.Errorf("%w: %q", ErrPhone, s)
		}
		return "+" + rest, nil
	}
	switch strings.ToUpper(country) {
	case "ES":
		if len(n) == 9 && strings.ContainsRune("6789", rune(n[0])) {
			return "+34" + n, nil
		}
	case "MX":
		for _, p := range []string{"044", "045", "1"} {
			if len(n) == 10+len(p) && strings.HasPrefix(n, p) {
				n = n[len(p):]
				break
			}
		}
		if len(n) == 10 && n[0] != '0' {
			return "+52" + n, nil
		}
	case "US":
		if len(n) == 11 && n[0] == '1' {
			n = n[1:]
		}
		// NANP: area code and exchange begin 2–9.
		if len(n) == 10 && n[0] >= '2' && n[3] >= '2' {
			return "+1" + n, nil
		}
	}
	return "", fmt.Errorf("%w: %q", ErrPhone, s)
}
