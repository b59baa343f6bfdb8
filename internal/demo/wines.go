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

	"carta/internal/clientes"
	"carta/internal/media"
	"carta/internal/store"
	"carta/internal/tenant"
	"carta/internal/wines"
)

// demoWine is one wine of La Cava Demo's cellar.
type demoWine struct {
	nombre, bodega string
	anio           int // 0: sin añada
	region, pais   string
	uvas, tipo     string
	grad           float64
	precio, copa   int64 // cents; copa 0: not by the glass
	maridaje, desc string
	descEN         string
}

// Cellar is La Cava Demo's wine list (producers are invented; regions,
// grapes and pairings are the classic ones).
var Cellar = []demoWine{
	{"Viña Alta Reserva", "Bodegas del Ebro", 2018, "Rioja", "España", "Tempranillo 85%, Graciano 10%, Mazuelo 5%", "tinto", 14, 4800, 1100, "carnes rojas, cordero asado, quesos curados", "Cereza madura, vainilla y cuero; taninos pulidos tras 24 meses en barrica.", "Ripe cherry, vanilla and leather; polished tannins after 24 months in oak."},
	{"Páramo Crianza", "Hacienda Duero", 2020, "Ribera del Duero", "España", "Tempranillo", "tinto", 14.5, 3900, 900, "carnes rojas, lechazo, embutidos", "Fruta negra, regaliz y tostados; potente y fresco.", "Black fruit, liquorice and toast; powerful and fresh."},
	{"Llicorella Negra", "Celler Montsant Alt", 2019, "Priorat", "España", "Garnacha 60%, Cariñena 40%", "tinto", 15, 6900, 0, "caza, guisos de carne, quesos azules", "Mineral, profundo, con notas de pizarra y fruta confitada.", "Mineral and deep, with slate and candied fruit."},
	{"Ría de Arousa", "Pazo das Ondas", 2023, "Rías Baixas", "España", "Albariño", "blanco", 12.5, 3200, 800, "mariscos, pescados a la plancha, pulpo", "Melocotón blanco, flores y salinidad atlántica.", "White peach, flowers and Atlantic saltiness."},
	{"Meseta Verdejo", "Bodega Tierra Llana", 2023, "Rueda", "España", "Verdejo", "blanco", 13, 2400, 600, "ensaladas, arroces, pescados blancos", "Hierba fresca, hinojo y un final ligeramente amargo.", "Fresh grass, fennel and a slightly bitter finish."},
	{"Fino de la Bahía", "Bodegas del Marco", 0, "Jerez", "España", "Palomino", "generoso", 15, 2200, 500, "jamón ibérico, aceitunas, frituras de pescado", "Seco, salino, con notas de almendra y crianza bajo velo de flor.", "Dry and saline, with almond notes from ageing under flor."},
	{"Brut Nature Gran Reserva", "Caves Sant Sadurní", 2017, "Penedès", "España", "Macabeo, Xarel·lo, Parellada", "espumoso", 12, 4200, 1000, "aperitivos, mariscos, sushi", "Burbuja fina, pan tostado y manzana verde.", "Fine bubbles, toasted bread and green apple."},
	{"Toro Bravo Roble", "Viñedos del Duero Bajo", 2021, "Toro", "España", "Tinta de Toro", "tinto", 15, 2900, 700, "carnes a la brasa, guisos", "Concentrado y especiado, con fruta negra madura.", "Concentrated and spicy, with ripe black fruit."},
	{"Monastrell de Secano", "Bodega El Altiplano", 2021, "Jumilla", "España", "Monastrell", "tinto", 14.5, 2600, 650, "carnes a la brasa, arroces de montaña", "Ciruela, hierbas de monte y taninos golosos.", "Plum, wild herbs and generous tannins."},
	{"Mencía de Ladera", "Adega Sil", 2022, "Bierzo", "España", "Mencía", "tinto", 13.5, 3100, 750, "aves, setas, botillo", "Fruta roja fresca, violeta y un toque mineral.", "Fresh red fruit, violet and a mineral touch."},
	{"Rosado de Lágrima", "Bodegas Navarra Sur", 2023, "Navarra", "España", "Garnacha", "rosado", 13, 2100, 550, "pasta, ensaladas, cocina mexicana", "Fresa, frambuesa y frescura vibrante.", "Strawberry, raspberry and vibrant freshness."},
	{"Txakoli Itsaso", "Getariako Etxea", 2023, "Getariako Txakolina", "España", "Hondarrabi Zuri", "blanco", 11, 2500, 650, "pescados, anchoas, pintxos", "Ligero, con aguja natural y acidez marina.", "Light, with a natural spritz and sea-breeze acidity."},
	{"Pedro Ximénez Solera", "Bodegas Montilla Vieja", 0, "Montilla-Moriles", "España", "Pedro Ximénez", "dulce", 16, 3400, 800, "postres de chocolate, quesos azules, helado de vainilla", "Pasas, higos y café; untuoso y profundo.", "Raisins, figs and coffee; unctuous and deep."},
	{"Malbec de Altura", "Finca Los Andes", 2021, "Mendoza", "Argentina", "Malbec", "tinto", 14, 3300, 800, "carnes a la parrilla, empanadas, chorizo", "Mora, violeta y cacao; amable y jugoso.", "Blackberry, violet and cocoa; friendly and juicy."},
	{"Valle de Uco Gran Malbec", "Finca Los Andes", 2019, "Valle de Uco", "Argentina", "Malbec 90%, Cabernet Franc 10%", "tinto", 14.5, 5600, 0, "carnes rojas, cordero patagónico", "Fruta negra, grafito y frescura de montaña.", "Black fruit, graphite and mountain freshness."},
	{"Torrontés de Cafayate", "Bodega Calchaquí", 2023, "Salta", "Argentina", "Torrontés", "blanco", 13, 2300, 600, "cocina especiada, ceviche, empanadas salteñas", "Muy aromático: rosas, lichi y cítricos.", "Very aromatic: roses, lychee and citrus."},
	{"Carmenère Reserva", "Viña Colchagua Alta", 2021, "Valle de Colchagua", "Chile", "Carmenère", "tinto", 13.5, 2800, 700, "carnes asadas, mole, pimientos rellenos", "Pimiento asado, especias y fruta roja madura.", "Roasted pepper, spices and ripe red fruit."},
	{"Sauvignon Costa Fría", "Viña Casablanca", 2023, "Valle de Casablanca", "Chile", "Sauvignon Blanc", "blanco", 12.5, 2500, 650, "ceviche, ostras, queso de cabra", "Lima, maracuyá y notas herbales.", "Lime, passion fruit and herbal notes."},
	{"Cabernet del Maipo", "Viña Cordillera", 2020, "Valle del Maipo", "Chile", "Cabernet Sauvignon", "tinto", 14, 3500, 850, "carnes rojas, quesos curados", "Casis, menta y cedro; estructura firme.", "Cassis, mint and cedar; firm structure."},
	{"Tannat Atlántico", "Bodega Canelones", 2020, "Canelones", "Uruguay", "Tannat", "tinto", 13.5, 3000, 750, "asado, carnes a la brasa", "Taninos firmes, fruta negra y especias.", "Firm tannins, black fruit and spice."},
	{"Nebbiolo de Guadalupe", "Rancho El Valle", 2020, "Valle de Guadalupe", "México", "Nebbiolo", "tinto", 14, 4400, 1000, "carnes guisadas, cocina baja californiana", "Rosas, alquitrán y cereza ácida.", "Roses, tar and sour cherry."},
	{"Chenin del Desierto", "Casa Parras", 2022, "Parras", "México", "Chenin Blanc", "blanco", 12.5, 2700, 650, "tacos de pescado, ensaladas, quesos frescos", "Manzana, miel y una acidez viva.", "Apple, honey and lively acidity."},
	{"Château Rive Gauche", "Domaine des Graves", 2016, "Burdeos", "Francia", "Cabernet Sauvignon 65%, Merlot 35%", "tinto", 13.5, 8900, 0, "carnes rojas, caza, trufa", "Grosella negra, tabaco y cedro; largo y elegante.", "Blackcurrant, tobacco and cedar; long and elegant."},
	{"Bourgogne Pinot Noir", "Domaine de la Côte", 2021, "Borgoña", "Francia", "Pinot Noir", "tinto", 13, 5200, 1200, "aves, setas, salmón", "Cereza, sotobosque y taninos de seda.", "Cherry, forest floor and silky tannins."},
	{"Champagne Brut Réserve", "Maison Coteaux", 0, "Champaña", "Francia", "Chardonnay, Pinot Noir, Pinot Meunier", "espumoso", 12, 7500, 1600, "aperitivos, ostras, frituras", "Brioche, limón y burbuja cremosa.", "Brioche, lemon and creamy bubbles."},
	{"Chianti Classico", "Fattoria del Gallo", 2020, "Chianti", "Italia", "Sangiovese", "tinto", 13.5, 3600, 850, "pasta con ragú, pizza, quesos curados", "Cereza ácida, hierbas secas y frescura toscana.", "Sour cherry, dried herbs and Tuscan freshness."},
	{"Prosecco Extra Dry", "Colli Trevigiani", 0, "Prosecco", "Italia", "Glera", "espumoso", 11, 2400, 600, "aperitivos, frutas, postres ligeros", "Pera, flores blancas y burbuja alegre.", "Pear, white flowers and cheerful bubbles."},
	{"Douro Tinto", "Quinta do Socalco", 2020, "Duero", "Portugal", "Touriga Nacional, Touriga Franca, Tinta Roriz", "tinto", 14, 3400, 0, "bacalao, carnes guisadas", "Fruta negra, jara y bergamota.", "Black fruit, rockrose and bergamot."},
	{"Riesling Kabinett", "Weingut Moselhang", 2022, "Mosela", "Alemania", "Riesling", "blanco", 9, 3100, 0, "cocina asiática, cerdo, quesos suaves", "Manzana verde, lima y un dulzor que equilibra la acidez.", "Green apple, lime and a sweetness that balances the acidity."},
	{"Marlborough Sauvignon", "Southern Sounds", 2023, "Marlborough", "Nueva Zelanda", "Sauvignon Blanc", "blanco", 13, 3300, 800, "mariscos, espárragos, queso de cabra", "Maracuyá, grosella y hierba recién cortada.", "Passion fruit, gooseberry and cut grass."},
}

// SeedWines gives La Cava Demo its cellar with generated labels, unless
// it has wines already.
func SeedWines(ctx context.Context, db *store.DB, pipe *media.Pipeline, svc *wines.Service) error {
	c, err := clientes.ByMerchant(ctx, db, "DEMOMERCHANT1")
	if err != nil {
		return err
	}
	t := tenant.Job(c.ID)
	var n int
	if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM vinos WHERE cliente_id = ?`, c.ID).Scan(&n); err != nil || n > 0 {
		return err
	}
	urls := make([]string, len(Cellar))
	for i, w := range Cellar {
		st, err := pipe.Save(ctx, bytes.NewReader(wineLabel(w.nombre, w.tipo)), media.KindImage)
		if err != nil {
			return err
		}
		if st.URL != st.CardURL {
			_ = pipe.Delete(ctx, st.URL)
		}
		urls[i] = st.CardURL
	}
	if err := db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		for _, u := range urls {
			if err := pipe.Adopt(ctx, tx, t, u); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return err
	}
	for i, w := range Cellar {
		in := wines.Input{Nombre: &w.nombre, Bodega: &w.bodega, Region: &w.region, Pais: &w.pais, VariedadUva: &w.uvas,
			Tipo: &w.tipo, Graduacion: &w.grad, Precio: &w.precio, Maridaje: &w.maridaje, Descripcion: &w.desc,
			DescripcionEN: &w.descEN, EtiquetaURL: &urls[i]}
		if w.anio != 0 {
			in.Anio = &w.anio
		}
		if w.copa != 0 {
			in.PrecioCopa = &w.copa
		}
		if _, err := svc.Create(ctx, t, in); err != nil {
			return fmt.Errorf("seed wine %q: %w", w.nombre, err)
		}
	}
	return nil
}

// wineColors are a bottle's glass and the label's band per type.
var wineColors = map[string][2]color.RGBA{
	"tinto":    {{58, 12, 22, 255}, {128, 20, 40, 255}},
	"blanco":   {{170, 176, 96, 255}, {206, 172, 64, 255}},
	"rosado":   {{214, 120, 130, 255}, {196, 72, 96, 255}},
	"espumoso": {{38, 64, 40, 255}, {190, 160, 80, 255}},
	"generoso": {{120, 70, 20, 255}, {160, 98, 30, 255}},
	"dulce":    {{90, 40, 10, 255}, {150, 60, 20, 255}},
}

// wineLabel draws a deterministic bottle with its label, as JPEG.
func wineLabel(key, tipo string) []byte {
	const w, h = 360, 480
	hf := fnv.New64a()
	hf.Write([]byte(key))
	seed := hf.Sum64()
	cols, ok := wineColors[tipo]
	if !ok {
		cols = wineColors["tinto"]
	}
	bg := hsl(float64(seed&0xff)/255, 0.25, 0.9)
	paper := color.RGBA{246, 240, 226, 255}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	cx := float64(w) / 2
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			fx, fy := float64(x), float64(y)
			c := bg
			// The bottle: a neck, shoulders and a body.
			half := 20.0
			switch {
			case fy > 150:
				half = 78
			case fy > 100:
				half = 20 + 58*math.Sin((fy-100)/50*math.Pi/2)
			}
			if fy > 30 && fy < 460 && math.Abs(fx-cx) < half {
				shade := 1 - 0.35*math.Abs(fx-cx)/half
				c = lerp(color.RGBA{0, 0, 0, 255}, cols[0], shade)
			}
			// The label, with a band whose height depends on the wine.
			if fy > 250 && fy < 400 && math.Abs(fx-cx) < 64 {
				c = paper
				band := 300 + float64(seed>>8&0x1f)
				if fy > band && fy < band+22 {
					c = cols[1]
				}
				if math.Abs(fx-cx) > 60 || fy < 254 || fy > 396 {
					c = cols[1]
				}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	return buf.Bytes()
}
