package respond

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// ID accepts an id sent either as a JSON number or a string ("1"), as
// browsers often send ids read from storage; it keeps the raw text so the
// usual id validation reports a malformed value.
type ID string

func (j *ID) UnmarshalJSON(b []byte) error {
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
		*j = ID(s)
		return nil
	}
	if _, err := strconv.ParseFloat(string(b), 64); err != nil {
		return err
	}
	*j = ID(b)
	return nil
}

func (j ID) String() string { return string(j) }
