package demo

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"runtime"
	"sync"

	"carta/internal/clientes"
	"carta/internal/media"
	"carta/internal/menu"
	"carta/internal/store"
	"carta/internal/tenant"
)

// SeedMenus gives each demo restaurant without a menu its catalogue: look
// and feel, POS categories and products with English translations, the
// owner's names of the POS's modifiers and taxes, main categories with
// their subcategories, generated images and a popup. A
// restaurant that already has main categories is left alone.
func SeedMenus(ctx context.Context, db *store.DB, pipe *media.Pipeline) error {
	for _, r := range Restaurants {
		c, err := clientes.ByMerchant(ctx, db, r.MerchantID)
		if err != nil {
			return err
		}
		var n int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM categorias WHERE cliente_id = ?`, c.ID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		if err := seedMenu(ctx, db, pipe, c, Catalogs[r.MerchantID]); err != nil {
			return fmt.Errorf("seed menu of %s: %w", r.MerchantID, err)
		}
	}
	return nil
}

func seedMenu(ctx context.Context, db *store.DB, pipe *media.Pipeline, c clientes.Cliente, cat Catalog) error {
	t := tenant.Job(c.ID)
	// Images first (files cannot join the transaction; they are removed
	// again if it fails), drawn in parallel: they are the slow part.
	type job struct {
		key  string
		w, h int
		url  string
		err  error
	}
	var jobs []*job
	for _, it := range cat.Items {
		jobs = append(jobs, &job{key: it.ID, w: 480, h: 480})
	}
	for _, m := range cat.Main {
		jobs = append(jobs, &job{key: cat.MerchantID + m.Name, w: 480, h: 480})
	}
	jobs = append(jobs, &job{key: cat.MerchantID + "popup", w: 900, h: 600}, &job{key: cat.MerchantID + "background", w: 1280, h: 800})
	var mu sync.Mutex
	var saved []string
	var wg sync.WaitGroup
	next := make(chan *job)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				st, err := pipe.Save(ctx, bytes.NewReader(foodImage(j.key, j.w, j.h)), media.KindImage)
				if err != nil {
					j.err = err
					continue
				}
				// Cards show the card size, the wide popup and background
				// the full size; the other variant is not kept.
				keep, drop := st.CardURL, st.URL
				if j.w > j.h {
					keep, drop = st.URL, st.CardURL
				}
				if drop != keep {
					_ = pipe.Delete(ctx, drop)
				}
				mu.Lock()
				saved = append(saved, keep)
				mu.Unlock()
				j.url = keep
			}
		}()
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	for _, j := range jobs {
		if j.err != nil {
			for _, u := range saved {
				_ = pipe.Delete(ctx, u)
			}
			return j.err
		}
	}
	itemImg := map[string]string{}
	for i, it := range cat.Items {
		itemImg[it.ID] = jobs[i].url
	}
	mainImg := make([]string, len(cat.Main))
	for i := range cat.Main {
		mainImg[i] = jobs[len(cat.Items)+i].url
	}
	popupImg, bg := jobs[len(jobs)-2].url, jobs[len(jobs)-1].url
	err := db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		for _, u := range saved {
			if err := pipe.Adopt(ctx, tx, t, u); err != nil {
				return err
			}
		}
		s := menu.DefaultSettings(c.ID)
		s.NombreRestaurante, s.Moneda, s.BackgroundImage = c.Nombre, cat.Moneda, bg
		s.CardColor, s.TextColor, s.CardBorderRadius = cat.Colors[0], cat.Colors[1], "10px"
		if err := menu.SaveSettings(ctx, tx, t, s); err != nil {
			return err
		}
		for i, pc := range cat.Categories {
			if err := menu.UpsertPosCategoria(ctx, tx, t, pc.ID, pc.Name, i); err != nil {
				return err
			}
			if err := menu.SetTranslation(ctx, tx, t, "pos_categoria", pc.ID, "en", "name", pc.NameEN); err != nil {
				return err
			}
		}
		for _, it := range cat.Items {
			id, err := menu.UpsertProducto(ctx, tx, t, menu.ProductoInput{CloverItemID: it.ID, Name: it.Name, Description: it.Desc,
				Price: it.Price, ImagePath: itemImg[it.ID], Visible: !it.Hidden, Categories: []string{it.Category}})
			if err != nil {
				return err
			}
			// The owner's local edits, also when a sync imported the item first.
			if _, err := tx.Exec(ctx, `UPDATE productos SET description = ?, image_path = ?, visible = ?, pos_hidden = ? WHERE id = ?`,
				it.Desc, itemImg[it.ID], store.BoolInt(!it.Hidden), store.BoolInt(it.Hidden), id); err != nil {
				return err
			}
			pid := fmt.Sprint(id)
			if err := menu.SetTranslation(ctx, tx, t, "producto", pid, "en", "name", it.NameEN); err != nil {
				return err
			}
			if err := menu.SetTranslation(ctx, tx, t, "producto", pid, "en", "description", it.DescEN); err != nil {
				return err
			}
			d := Dietary[it.ID]
			a, e, err := menu.CheckDietary(d.Alergenos, d.Etiquetas)
			if err != nil {
				return fmt.Errorf("demo item %s: %w", it.ID, err)
			}
			if err := menu.SetDietary(ctx, tx, t, id, a, e); err != nil {
				return err
			}
		}
		for i, m := range cat.Main {
			id, err := menu.CreateCategoria(ctx, tx, t, m.Name, mainImg[i])
			if err != nil {
				return err
			}
			if err := menu.SetTranslation(ctx, tx, t, "categoria", fmt.Sprint(id), "en", "name", m.NameEN); err != nil {
				return err
			}
			for pos, sub := range m.Subs {
				p := int64(pos + 1)
				if err := menu.LinkSubcategoria(ctx, tx, t, id, sub, &p); err != nil {
					return err
				}
			}
		}
		// The owner's names of the POS's modifiers and taxes (a sync keeps
		// those the merchant's catalogue has and drops the others).
		for _, n := range POSNames {
			if err := menu.SetTranslation(ctx, tx, t, n.Entidad, cat.MerchantID+"-"+n.Key, n.Idioma, "name", n.Name); err != nil {
				return err
			}
		}
		if _, err := menu.CreatePopup(ctx, tx, t, menu.Popup{Name: cat.Popup, FileURL: popupImg, FileType: "image/jpeg"}); err != nil {
			return err
		}
		return menu.BumpVersion(ctx, tx, t)
	})
	if err != nil {
		for _, u := range saved {
			_ = pipe.Delete(ctx, u)
		}
	}
	return err
}

// drawn caches foodImage results: the drawings are deterministic, and tests
// seed many fresh databases in one process.
var drawn sync.Map

// foodImage draws a deterministic illustration for key: a warm gradient
// with a plate and a few ingredients, encoded as JPEG.
func foodImage(key string, w, h int) []byte {
	ck := fmt.Sprintf("%s|%d|%d", key, w, h)
	if b, ok := drawn.Load(ck); ok {
		return b.([]byte)
	}
	b := drawFood(key, w, h)
	drawn.Store(ck, b)
	return b
}

func drawFood(key string, w, h int) []byte {
	hf := fnv.New64a()
	hf.Write([]byte(key))
	seed := hf.Sum64()
	pick := func(shift uint) float64 { return float64((seed>>shift)&0xff) / 255 }
	hue := pick(0)
	bgA, bgB := hsl(hue, 0.55, 0.42), hsl(math.Mod(hue+0.08, 1), 0.6, 0.28)
	plate, rim := color.RGBA{246, 241, 232, 255}, color.RGBA{222, 212, 196, 255}
	food := []color.RGBA{hsl(math.Mod(hue+0.5, 1), 0.6, 0.5), hsl(math.Mod(hue+0.15, 1), 0.7, 0.45), hsl(pick(8), 0.5, 0.55)}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	cx, cy := float64(w)/2, float64(h)/2
	r := math.Min(float64(w), float64(h)) * 0.38
	type blob struct{ x, y, r float64 }
	var blobs []blob
	for i := 0; i < 5; i++ {
		a := pick(uint(8*i)) * 2 * math.Pi
		d := r * 0.45 * pick(uint(8*i+4))
		blobs = append(blobs, blob{cx + d*math.Cos(a), cy + d*math.Sin(a), r * (0.18 + 0.14*pick(uint(8*i+2)))})
	}
	for y := 0; y < h; y++ {
		t := float64(y) / float64(h)
		row := lerp(bgA, bgB, t)
		for x := 0; x < w; x++ {
			dx, dy := float64(x)-cx, float64(y)-cy
			d := math.Hypot(dx, dy)
			c := row
			switch {
			case d < r*0.8:
				c = plate
				for i, b := range blobs {
					if math.Hypot(float64(x)-b.x, float64(y)-b.y) < b.r {
						c = food[i%len(food)]
					}
				}
			case d < r:
				c = rim
			case d < r*1.04:
				c = lerp(row, color.RGBA{0, 0, 0, 255}, 0.25)
			}
			img.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	return buf.Bytes()
}

func lerp(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 255}
}

func hsl(h, s, l float64) color.RGBA {
	f := func(n float64) uint8 {
		k := math.Mod(n+h*12, 12)
		a := s * math.Min(l, 1-l)
		return uint8(255 * (l - a*math.Max(-1, math.Min(math.Min(k-3, 9-k), 1))))
	}
	return color.RGBA{f(0), f(8), f(4), 255}
}
