package imaging

import "testing"

// interlaceGIF sets the interlace flag of every frame: image/gif then
// undoes an interlacing that was never done, which costs the same.
func interlaceGIF(t testing.TB, b []byte) []byte {
	t.Helper()
	b = append([]byte{}, b...)
	i := 13
	if b[10]&0x80 != 0 {
		i += 3 << (int(b[10]&7) + 1)
	}
	skip := func() {
		for b[i] != 0 {
			i += 1 + int(b[i])
		}
		i++
	}
	for b[i] != 0x3B {
		switch b[i] {
		case 0x21:
			i += 2
			skip()
		case 0x2C:
			b[i+9] |= 0x40
			packed := b[i+9]
			i += 10
			if packed&0x80 != 0 {
				i += 3 << (int(packed&7) + 1)
			}
			i++
			skip()
		default:
			t.Fatalf("unexpected GIF block %#x at %d", b[i], i)
		}
	}
	return b
}
