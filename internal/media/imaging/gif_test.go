package imaging

import (
	"testing"

	"carta/internal/media/mediatest"
)

// The frames and area of a GIF come from its block structure alone: 30
// frames of 2000x2000, each under the per-frame limit, add up past the
// total (media's TestGIFFrameBudget has Save refuse this fixture).
func TestGIFPixels(t *testing.T) {
	one := mediatest.RepeatedGIF(t, 2000, 2000, 1)
	frames, pixels, err := gifPixels(one)
	if err != nil || frames != 1 || pixels != 4_000_000 {
		t.Fatalf("gifPixels = %d, %d, %v", frames, pixels, err)
	}
	many := mediatest.RepeatedGIF(t, 2000, 2000, 30)
	if frames, pixels, err := gifPixels(many); err != nil || frames != 30 || pixels != 120_000_000 {
		t.Fatalf("gifPixels = %d, %d, %v", frames, pixels, err)
	}
}
