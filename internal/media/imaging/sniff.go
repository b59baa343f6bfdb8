package imaging

import (
	"bytes"
	"encoding/binary"
	"errors"
)

// Format is what the content says it is, decided from its first bytes only.
type Format int

const (
	Unknown Format = iota
	JPEG
	PNG
	WebP
	GIF
	MP4
	WebM
)

// mp4Brands are the ftyp major brands of MP4 files browsers play. QuickTime
// ("qt  ") and 3GP are left out: they are not served as video/mp4.
var mp4Brands = map[string]bool{
	"isom": true, "iso2": true, "iso3": true, "iso4": true, "iso5": true, "iso6": true,
	"iso7": true, "iso8": true, "iso9": true, "mp41": true, "mp42": true, "mp71": true,
	"avc1": true, "av01": true, "M4V ": true, "M4VH": true, "M4VP": true, "dash": true,
	"mmp4": true, "MSNV": true, "f4v ": true,
}

// Sniff decides the format by magic bytes; the file name and the client's
// Content-Type are never consulted.
func Sniff(b []byte) Format {
	switch {
	case len(b) >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF:
		return JPEG
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return PNG
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return GIF
	case len(b) >= 12 && string(b[0:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return WebP
	case isMP4(b):
		return MP4
	case isWebM(b):
		return WebM
	}
	return Unknown
}

// isMP4 wants an ftyp box at offset 0 (its type at offset 4) whose major
// brand is a known MP4 brand.
func isMP4(b []byte) bool {
	if len(b) < 16 || string(b[4:8]) != "ftyp" {
		return false
	}
	size := binary.BigEndian.Uint32(b[0:4])
	if size < 16 || uint64(size) > uint64(len(b)) {
		return false
	}
	return mp4Brands[string(b[8:12])]
}

// isWebM walks the EBML header and wants its DocType element to say "webm"
// (a Matroska file has the same magic but DocType "matroska").
func isWebM(b []byte) bool {
	if !bytes.HasPrefix(b, []byte{0x1A, 0x45, 0xDF, 0xA3}) {
		return false
	}
	size, n, err := ebmlSize(b[4:])
	if err != nil {
		return false
	}
	start := 4 + n
	if size > uint64(len(b)-start) {
		return false
	}
	hdr := b[start : start+int(size)]
	for len(hdr) > 0 {
		id, n, err := ebmlID(hdr)
		if err != nil {
			return false
		}
		hdr = hdr[n:]
		sz, n, err := ebmlSize(hdr)
		if err != nil || sz > uint64(len(hdr)-n) {
			return false
		}
		data := hdr[n : n+int(sz)]
		hdr = hdr[n+int(sz):]
		if id == 0x4282 { // DocType
			return string(bytes.TrimRight(data, "\x00")) == "webm"
		}
	}
	return false
}

var errVint = errors.New("bad EBML variable-length integer")

// vintLen is the length of an EBML variable-length integer from its first byte.
func vintLen(first byte) int {
	for i := 0; i < 8; i++ {
		if first&(0x80>>i) != 0 {
			return i + 1
		}
	}
	return 0
}

// ebmlID reads an element ID, keeping its length marker as IDs are written.
func ebmlID(b []byte) (uint32, int, error) {
	if len(b) == 0 {
		return 0, 0, errVint
	}
	n := vintLen(b[0])
	if n == 0 || n > 4 || n > len(b) {
		return 0, 0, errVint
	}
	var id uint32
	for _, c := range b[:n] {
		id = id<<8 | uint32(c)
	}
	return id, n, nil
}

// ebmlSize reads an element size; the "unknown size" value is refused.
func ebmlSize(b []byte) (uint64, int, error) {
	if len(b) == 0 {
		return 0, 0, errVint
	}
	n := vintLen(b[0])
	if n == 0 || n > len(b) {
		return 0, 0, errVint
	}
	v := uint64(b[0] & (0xFF >> n))
	allOnes := v == uint64(0xFF>>n)
	for _, c := range b[1:n] {
		v = v<<8 | uint64(c)
		allOnes = allOnes && c == 0xFF
	}
	if allOnes {
		return 0, 0, errVint
	}
	return v, n, nil
}
