package api

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// json64 accepts an id sent either as a JSON number or a string ("1"), as
// browsers often send ids read from storage; it keeps the raw text so the
// usual id validation reports a malformed value.
type json64 string

func (j *json64) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*j = ""
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*j = json64(s)
		return nil
	}
	if _, err := strconv.ParseFloat(string(b), 64); err != nil {
		return err
	}
	*j = json64(b)
	return nil
}

func (j json64) String() string { return string(j) }
