package imaging

import (
	"testing"

	"carta/internal/media/mediatest"
)

func TestSniff(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want Format
	}{
		{"jpeg", []byte{0xFF, 0xD8, 0xFF, 0xDB}, JPEG},
		{"png", []byte("\x89PNG\r\n\x1a\n...."), PNG},
		{"gif87", []byte("GIF87a......"), GIF},
		{"webp", []byte("RIFF\x00\x00\x00\x00WEBPVP8 "), WebP},
		{"riff wav", []byte("RIFF\x00\x00\x00\x00WAVEfmt "), Unknown},
		{"mp4", mediatest.FakeMP4("mp42"), MP4},
		{"mp4 ftyp not at offset 4", append([]byte{0, 0, 0, 0, 0}, mediatest.FakeMP4("isom")...), Unknown},
		{"mp4 box larger than file", mediatest.FakeMP4("isom")[:20], Unknown},
		{"webm", mediatest.FakeWebM("webm"), WebM},
		{"ebml without doctype", []byte{0x1A, 0x45, 0xDF, 0xA3, 0x84, 0x42, 0x86, 0x81, 0x01}, Unknown},
		{"ebml header size past end", []byte{0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82}, Unknown},
		{"ebml unknown size", []byte{0x1A, 0x45, 0xDF, 0xA3, 0xFF, 0x42, 0x82, 0x84, 'w', 'e', 'b', 'm'}, Unknown},
		{"pdf", []byte("%PDF-1.7"), Unknown},
		{"zip", []byte("PK\x03\x04"), Unknown},
		{"empty", nil, Unknown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Sniff(tc.data); got != tc.want {
				t.Fatalf("sniff = %v, want %v", got, tc.want)
			}
		})
	}
}
