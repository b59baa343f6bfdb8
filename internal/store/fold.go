package store

import "strings"

// Searches that ignore case and Spanish accents ("angel" finds "Ángel",
// "pena" finds "Peña") fold both sides the same way: Fold in Go for the
// text searched for (or for a column kept folded on every write), FoldSQL
// in the query for a column stored as written.

// foldLetters are the accented letters a search folds, lowercase, and
// the letter each becomes: Spanish's, and beyond them those of the
// Catalan, Portuguese and French names a restaurant's diners have, so that
// Go's and the engines' folds agree on them (a letter outside the list is
// lowercased by Go only).
var foldLetters = [][2]string{{"á", "a"}, {"é", "e"}, {"í", "i"}, {"ó", "o"}, {"ú", "u"}, {"ü", "u"}, {"ñ", "n"},
	{"à", "a"}, {"è", "e"}, {"ì", "i"}, {"ò", "o"}, {"ù", "u"}, {"ç", "c"},
	{"â", "a"}, {"ê", "e"}, {"î", "i"}, {"ô", "o"}, {"û", "u"}, {"ä", "a"}, {"ë", "e"}, {"ï", "i"}, {"ö", "o"},
	{"ã", "a"}, {"õ", "o"}}

var foldAccents = func() *strings.Replacer {
	var pairs []string
	for _, l := range foldLetters {
		pairs = append(pairs, l[0], l[1])
	}
	return strings.NewReplacer(pairs...)
}()

// Fold trims and lowercases s and removes the accents of foldLetters.
func Fold(s string) string {
	return foldAccents.Replace(strings.ToLower(strings.TrimSpace(s)))
}

// FoldSQL returns the SQL expression of expr folded as Fold folds text, on
// engine d. Neither engine's LOWER can be trusted with accented capitals
// (SQLite's folds ASCII only; PostgreSQL's follows the database's
// LC_CTYPE), so both cases of each accented letter are replaced
// explicitly: translate on PostgreSQL, nested REPLACE on SQLite (which has
// no translate).
func FoldSQL(d Dialect, expr string) string {
	if d == Postgres {
		var from, to strings.Builder
		for _, l := range foldLetters {
			from.WriteString(l[0] + strings.ToUpper(l[0]))
			to.WriteString(l[1] + l[1])
		}
		return "translate(lower(" + expr + "), '" + from.String() + "', '" + to.String() + "')"
	}
	out := "LOWER(" + expr + ")"
	for _, l := range foldLetters {
		out = "REPLACE(REPLACE(" + out + ", '" + l[0] + "', '" + l[1] + "'), '" + strings.ToUpper(l[0]) + "', '" + l[1] + "')"
	}
	return out
}
