package lookup

// The builtin reference: grape varieties, wine regions and appellations, a few well-known
// producers, countries and the words that name a style. Only public facts (names, where a grape
// or an appellation belongs, its usual style, classic pairings); see docs/wine-reference.md.
// Aliases are written as people type them; matching folds case and accents and tolerates typos,
// so an alias only needs to list other names (synonyms, other languages), not misspellings.

// Colour of a grape's skin, used to choose a region's grapes for a style.
const (
	red   = 't' // tinta
	white = 'b' // blanca (includes pink-skinned grapes made as whites)
)

// Classic pairings, in Spanish, by style.
var (
	pairTintoPotente = []string{"carnes rojas", "cordero asado", "caza", "quesos curados", "guisos de carne"}
	pairTintoMedio   = []string{"carnes a la brasa", "embutidos", "legumbres guisadas", "quesos semicurados", "asados"}
	pairTintoLigero  = []string{"aves", "setas", "atún", "pasta con tomate", "charcutería"}
	pairBlancoFresco = []string{"mariscos", "pescados blancos", "ensaladas", "ceviche", "sushi"}
	pairBlancoGraso  = []string{"pescados al horno", "aves en salsa", "arroces", "quesos cremosos", "setas"}
	pairAromatico    = []string{"cocina asiática", "comida especiada", "quesos de corteza lavada", "foie gras", "ensaladas"}
	pairRosado       = []string{"arroces", "pasta", "aperitivos", "pescados azules", "cocina mediterránea"}
	pairEspumoso     = []string{"aperitivos", "mariscos", "fritos", "ostras", "sushi"}
	pairGeneroso     = []string{"jamón ibérico", "aceitunas", "frutos secos", "mariscos", "tapas"}
	pairDulce        = []string{"postres", "foie gras", "quesos azules", "chocolate", "fruta"}
)

// pairingsByTipo are the pairings of a style when no grape says more.
var pairingsByTipo = map[string][]string{
	tinto:    pairTintoMedio,
	blanco:   pairBlancoFresco,
	rosado:   pairRosado,
	espumoso: pairEspumoso,
	generoso: pairGeneroso,
	dulce:    pairDulce,
}

type grape struct {
	name     string // canonical name as shown
	color    byte   // red or white
	tipo     string // the style it usually makes
	maridaje []string
	aliases  []string // other names; the canonical name is matched too
}

type region struct {
	name string
	pais string
	tipo string // the usual style; "" when the region makes several styles in equal measure
	// strong means the appellation names a style by itself (Cava is sparkling, Jerez fortified,
	// Sauternes sweet), so its tipo wins over colour words and grapes.
	strong  bool
	uvas    []string // signature grapes, by canonical name, most typical first
	aliases []string
}

type producer struct {
	name    string
	region  string // canonical region name
	aliases []string
}

type country struct {
	name    string
	aliases []string
}

var grapes = []grape{
	// ---- Spain, red ----
	{"Tempranillo", red, tinto, []string{"cordero asado", "carnes rojas", "embutidos ibéricos", "quesos curados", "setas"}, []string{"tinto fino", "tinta del pais", "tinta de toro", "cencibel", "ull de llebre", "tinta roriz", "aragonez", "tinto de madrid"}},
	{"Garnacha", red, tinto, []string{"carnes a la brasa", "cordero", "embutidos", "arroces de carne", "quesos semicurados"}, []string{"garnacha tinta", "garnatxa", "grenache", "grenache noir", "cannonau"}},
	{"Monastrell", red, tinto, []string{"carnes rojas", "caza", "guisos", "quesos curados", "barbacoa"}, []string{"mourvedre", "mataro"}},
	{"Cariñena", red, tinto, []string{"carnes rojas", "guisos", "caza", "quesos curados"}, []string{"mazuelo", "mazuela", "samso", "carinyena", "carignan", "carignano"}},
	{"Graciano", red, tinto, []string{"carnes rojas", "cordero", "caza", "quesos curados"}, []string{"morrastel"}},
	{"Mencía", red, tinto, []string{"pulpo a la gallega", "carnes blancas", "embutidos", "setas", "quesos semicurados"}, []string{"jaen"}},
	{"Bobal", red, tinto, []string{"arroces de carne", "embutidos", "guisos", "carnes a la brasa"}, nil},
	{"Prieto Picudo", red, tinto, []string{"embutidos", "asados", "legumbres guisadas", "quesos curados"}, nil},
	{"Juan García", red, tinto, []string{"embutidos", "carnes a la brasa", "quesos semicurados"}, nil},
	{"Garnacha Tintorera", red, tinto, []string{"carnes rojas", "caza", "guisos", "quesos curados"}, []string{"alicante bouschet", "tintorera"}},
	{"Mandó", red, tinto, pairTintoMedio, nil},
	{"Callet", red, tinto, []string{"embutidos", "carnes blancas", "cocina mallorquina", "quesos semicurados"}, nil},
	{"Manto Negro", red, tinto, []string{"carnes a la brasa", "embutidos", "cocina mallorquina"}, nil},
	{"Listán Negro", red, tinto, []string{"carnes a la brasa", "pescados azules", "quesos de cabra"}, nil},
	{"Negramoll", red, tinto, pairTintoLigero, []string{"tinta negra mole", "tinta negra"}},
	{"Tintilla de Rota", red, dulce, pairDulce, []string{"tintilla"}},
	{"Caíño", red, tinto, []string{"pulpo a la gallega", "pescados azules", "carnes blancas"}, []string{"caino tinto"}},
	{"Sousón", red, tinto, pairTintoMedio, []string{"souson", "vinhao"}},
	{"Brancellao", red, tinto, pairTintoLigero, []string{"alvarelhao"}},
	{"Rufete", red, tinto, pairTintoLigero, nil},
	{"Moristel", red, tinto, pairTintoMedio, nil},
	{"Sumoll", red, tinto, pairTintoLigero, nil},
	{"Trepat", red, rosado, pairRosado, nil},
	{"Hondarrabi Beltza", red, tinto, pairTintoLigero, []string{"hondarribi beltza", "ondarrabi beltza"}},
	// ---- Spain, white ----
	{"Albariño", white, blanco, []string{"mariscos", "pescados blancos", "pulpo a la gallega", "ceviche", "sushi"}, []string{"alvarinho"}},
	{"Verdejo", white, blanco, []string{"pescados blancos", "ensaladas", "verduras", "arroces", "quesos frescos"}, nil},
	{"Godello", white, blanco, []string{"pescados al horno", "mariscos", "aves", "arroces", "quesos cremosos"}, []string{"gouveio"}},
	{"Viura", white, blanco, []string{"pescados blancos", "verduras", "aves", "arroces"}, []string{"macabeo", "macabeu"}},
	{"Xarel·lo", white, blanco, []string{"mariscos", "arroces", "pescados blancos", "verduras"}, []string{"xarello", "pansa blanca"}},
	{"Parellada", white, blanco, pairBlancoFresco, nil},
	{"Treixadura", white, blanco, []string{"mariscos", "pescados blancos", "empanada gallega"}, []string{"trajadura"}},
	{"Loureiro", white, blanco, pairBlancoFresco, []string{"loureira"}},
	{"Hondarrabi Zuri", white, blanco, []string{"anchoas", "pescados blancos", "pintxos", "mariscos"}, []string{"hondarribi zuri", "ondarrabi zuri"}},
	{"Palomino", white, generoso, pairGeneroso, []string{"palomino fino", "listan blanco"}},
	{"Pedro Ximénez", white, dulce, []string{"postres", "helado de vainilla", "chocolate", "quesos azules", "foie gras"}, []string{"px", "pedro jimenez", "pedro ximenes"}},
	{"Moscatel", white, dulce, []string{"postres", "fruta", "foie gras", "quesos azules"}, []string{"muscat", "moscato", "moscatel de alejandria", "moscatel de grano menudo", "muscat blanc a petits grains", "zibibbo"}},
	{"Airén", white, blanco, pairBlancoFresco, []string{"airen", "lairen"}},
	{"Malvasía", white, blanco, []string{"pescados", "quesos", "postres", "foie gras"}, []string{"malvasia", "malvazia", "malmsey", "malvasia volcanica", "subirat parent"}},
	{"Garnacha Blanca", white, blanco, pairBlancoGraso, []string{"garnatxa blanca", "grenache blanc"}},
	{"Doña Blanca", white, blanco, pairBlancoFresco, []string{"dona branca"}},
	{"Merseguera", white, blanco, pairBlancoFresco, nil},
	{"Tempranillo Blanco", white, blanco, pairBlancoFresco, nil},
	{"Zalema", white, blanco, pairBlancoFresco, nil},
	// ---- France ----
	{"Cabernet Sauvignon", red, tinto, []string{"carnes rojas", "cordero asado", "chuletón", "quesos curados", "caza"}, []string{"cabernet"}},
	{"Cabernet Franc", red, tinto, []string{"carnes a la brasa", "aves", "verduras asadas", "quesos de cabra"}, []string{"bouchet"}},
	{"Merlot", red, tinto, []string{"carnes asadas", "pato", "pasta con carne", "quesos semicurados", "setas"}, nil},
	{"Malbec", red, tinto, []string{"asado argentino", "carnes rojas", "empanadas", "chuletón", "quesos curados"}, []string{"cot", "auxerrois noir"}},
	{"Petit Verdot", red, tinto, pairTintoPotente, nil},
	{"Carménère", red, tinto, []string{"carnes a la brasa", "comida especiada", "pimientos asados", "quesos semicurados"}, []string{"carmenere", "grande vidure"}},
	{"Syrah", red, tinto, []string{"carnes rojas", "barbacoa", "caza", "cordero", "comida especiada"}, []string{"shiraz", "sirah"}},
	{"Pinot Noir", red, tinto, []string{"pato", "salmón", "setas", "aves", "quesos suaves"}, []string{"pinot nero", "pinot negro", "spatburgunder", "blauburgunder"}},
	{"Pinot Meunier", red, espumoso, pairEspumoso, []string{"meunier", "schwarzriesling"}},
	{"Gamay", red, tinto, []string{"charcutería", "aves", "quesos suaves", "ensaladas templadas"}, nil},
	{"Cinsault", red, rosado, pairRosado, []string{"cinsaut"}},
	{"Tannat", red, tinto, []string{"asado", "carnes rojas", "cordero", "quesos curados"}, []string{"harriague"}},
	{"Marselan", red, tinto, pairTintoMedio, nil},
	{"Chardonnay", white, blanco, []string{"pescados al horno", "aves", "mariscos", "pasta con salsa de nata", "quesos cremosos"}, nil},
	{"Sauvignon Blanc", white, blanco, []string{"ensaladas", "quesos de cabra", "mariscos", "espárragos", "ceviche"}, []string{"sauvignon", "fume blanc"}},
	{"Sémillon", white, blanco, pairBlancoGraso, []string{"semillon"}},
	{"Chenin Blanc", white, blanco, []string{"pescados", "aves", "cocina asiática", "quesos de cabra"}, []string{"chenin", "steen", "pineau de la loire"}},
	{"Viognier", white, blanco, []string{"cocina asiática", "aves", "pescados al horno", "comida especiada"}, nil},
	{"Marsanne", white, blanco, pairBlancoGraso, nil},
	{"Roussanne", white, blanco, pairBlancoGraso, nil},
	{"Melon de Bourgogne", white, blanco, []string{"ostras", "mariscos", "pescados blancos"}, []string{"muscadet"}},
	{"Gewürztraminer", white, blanco, pairAromatico, []string{"gewurztraminer", "traminer", "traminer aromatico"}},
	{"Pinot Gris", white, blanco, []string{"pescados", "cocina asiática", "aves", "pasta"}, []string{"pinot grigio", "grauburgunder", "pinot gris"}},
	{"Pinot Blanc", white, blanco, pairBlancoFresco, []string{"pinot bianco", "weissburgunder", "pinot blanco"}},
	{"Aligoté", white, blanco, pairBlancoFresco, []string{"aligote"}},
	{"Petit Manseng", white, dulce, pairDulce, nil},
	{"Colombard", white, blanco, pairBlancoFresco, nil},
	// ---- Italy ----
	{"Nebbiolo", red, tinto, []string{"trufa", "carnes rojas", "risotto", "caza", "quesos curados"}, []string{"spanna", "chiavennasca"}},
	{"Sangiovese", red, tinto, []string{"pasta con tomate", "pizza", "carnes a la brasa", "quesos curados", "embutidos"}, []string{"brunello", "prugnolo gentile", "morellino", "sangioveto"}},
	{"Barbera", red, tinto, []string{"pasta", "pizza", "embutidos", "carnes blancas"}, nil},
	{"Dolcetto", red, tinto, pairTintoLigero, nil},
	{"Montepulciano", red, tinto, []string{"pasta", "pizza", "carnes a la brasa", "quesos semicurados"}, nil},
	{"Aglianico", red, tinto, pairTintoPotente, nil},
	{"Nero d'Avola", red, tinto, pairTintoMedio, []string{"nero d avola", "calabrese"}},
	{"Primitivo", red, tinto, []string{"barbacoa", "carnes rojas", "comida especiada", "pizza"}, []string{"zinfandel", "tribidrag"}},
	{"Negroamaro", red, tinto, pairTintoMedio, nil},
	{"Corvina", red, tinto, []string{"carnes rojas", "caza", "risotto", "quesos curados"}, []string{"corvina veronese"}},
	{"Nerello Mascalese", red, tinto, pairTintoLigero, nil},
	{"Lambrusco", red, espumoso, []string{"embutidos", "pizza", "pasta", "aperitivos"}, nil},
	{"Glera", white, espumoso, pairEspumoso, nil},
	{"Garganega", white, blanco, pairBlancoFresco, nil},
	{"Trebbiano", white, blanco, pairBlancoFresco, []string{"ugni blanc"}},
	{"Vermentino", white, blanco, []string{"pescados", "mariscos", "pasta al pesto", "verduras"}, []string{"rolle", "favorita"}},
	{"Cortese", white, blanco, pairBlancoFresco, nil},
	{"Arneis", white, blanco, pairBlancoFresco, nil},
	{"Fiano", white, blanco, pairBlancoGraso, nil},
	{"Greco", white, blanco, pairBlancoFresco, nil},
	{"Falanghina", white, blanco, pairBlancoFresco, nil},
	{"Verdicchio", white, blanco, pairBlancoFresco, nil},
	// ---- Portugal ----
	{"Touriga Nacional", red, tinto, pairTintoPotente, nil},
	{"Touriga Franca", red, tinto, pairTintoMedio, []string{"touriga francesa"}},
	{"Baga", red, tinto, []string{"cochinillo asado", "carnes rojas", "caza"}, nil},
	{"Trincadeira", red, tinto, pairTintoMedio, []string{"tinta amarela"}},
	{"Arinto", white, blanco, pairBlancoFresco, []string{"pederna"}},
	{"Encruzado", white, blanco, pairBlancoGraso, nil},
	// ---- Central Europe and elsewhere ----
	{"Riesling", white, blanco, []string{"cocina asiática", "pescados", "cerdo", "comida especiada", "quesos de corteza lavada"}, []string{"riesling renano", "johannisberg riesling"}},
	{"Grüner Veltliner", white, blanco, []string{"verduras", "escalope", "pescados", "cocina asiática"}, []string{"gruner veltliner", "gruner"}},
	{"Silvaner", white, blanco, pairBlancoFresco, []string{"sylvaner"}},
	{"Müller-Thurgau", white, blanco, pairBlancoFresco, []string{"muller thurgau", "rivaner"}},
	{"Furmint", white, blanco, []string{"foie gras", "pescados", "aves", "postres"}, nil},
	{"Hárslevelű", white, blanco, pairBlancoGraso, []string{"harslevelu"}},
	{"Blaufränkisch", red, tinto, pairTintoMedio, []string{"blaufrankisch", "lemberger", "kekfrankos"}},
	{"Zweigelt", red, tinto, pairTintoLigero, nil},
	{"Assyrtiko", white, blanco, []string{"pescados a la parrilla", "mariscos", "cocina griega"}, nil},
	{"Xinomavro", red, tinto, pairTintoMedio, nil},
	{"Agiorgitiko", red, tinto, pairTintoMedio, nil},
	{"Saperavi", red, tinto, pairTintoPotente, nil},
	{"Chasselas", white, blanco, []string{"fondue de queso", "raclette", "pescados de río"}, []string{"fendant", "gutedel"}},
	// ---- New World ----
	{"Pinotage", red, tinto, []string{"barbacoa", "carnes ahumadas", "comida especiada"}, nil},
	{"Petite Sirah", red, tinto, pairTintoPotente, []string{"durif", "petite syrah"}},
	{"Bonarda", red, tinto, []string{"empanadas", "pizza", "carnes a la brasa", "pasta"}, []string{"douce noir", "charbono"}},
	{"Torrontés", white, blanco, []string{"cocina asiática", "empanadas", "comida especiada", "ceviche"}, []string{"torrontes", "torrontes riojano"}},
	{"Listán Prieto", red, tinto, pairTintoLigero, []string{"listan prieto", "criolla chica", "mision", "mission"}},
	{"Criolla Grande", red, rosado, pairRosado, nil},
	{"Quebranta", red, tinto, pairTintoLigero, nil},
}

var regions = []region{
	// ---- Spain ----
	{"Rioja", "España", tinto, false, []string{"Tempranillo", "Garnacha", "Graciano", "Cariñena", "Viura", "Tempranillo Blanco"}, []string{"doca rioja", "rioja alta", "rioja alavesa", "rioja oriental", "rioja baja", "haro"}},
	{"Ribera del Duero", "España", tinto, false, []string{"Tempranillo", "Cabernet Sauvignon", "Merlot", "Malbec"}, []string{"ribera duero", "aranda de duero", "penafiel"}},
	{"Priorat", "España", tinto, false, []string{"Garnacha", "Cariñena", "Cabernet Sauvignon", "Syrah"}, []string{"priorato", "doq priorat"}},
	{"Rías Baixas", "España", blanco, false, []string{"Albariño", "Loureiro", "Treixadura", "Caíño"}, []string{"rias baixas", "val do salnes", "condado do tea", "o rosal"}},
	{"Rueda", "España", blanco, false, []string{"Verdejo", "Sauvignon Blanc", "Viura"}, nil},
	{"Jerez", "España", generoso, true, []string{"Palomino", "Pedro Ximénez", "Moscatel"}, []string{"jerez xeres sherry", "sherry", "xeres", "marco de jerez", "sanlucar de barrameda", "manzanilla sanlucar", "el puerto de santa maria"}},
	{"Montilla-Moriles", "España", generoso, true, []string{"Pedro Ximénez"}, []string{"montilla moriles", "montilla"}},
	{"Málaga", "España", dulce, true, []string{"Moscatel", "Pedro Ximénez"}, []string{"malaga"}},
	{"Sierras de Málaga", "España", tinto, false, []string{"Syrah", "Tempranillo", "Moscatel"}, []string{"ronda"}},
	{"Condado de Huelva", "España", blanco, false, []string{"Zalema", "Palomino"}, nil},
	{"Cava", "España", espumoso, true, []string{"Viura", "Xarel·lo", "Parellada", "Chardonnay", "Pinot Noir", "Trepat"}, []string{"sant sadurni d anoia", "sant sadurni"}},
	{"Corpinnat", "España", espumoso, true, []string{"Xarel·lo", "Viura", "Parellada"}, nil},
	{"Penedès", "España", "", false, []string{"Xarel·lo", "Viura", "Parellada", "Tempranillo", "Cabernet Sauvignon"}, []string{"penedes", "classic penedes", "vilafranca del penedes"}},
	{"Toro", "España", tinto, false, []string{"Tempranillo", "Garnacha", "Malvasía", "Verdejo"}, nil},
	{"Jumilla", "España", tinto, false, []string{"Monastrell", "Syrah", "Garnacha Tintorera"}, nil},
	{"Yecla", "España", tinto, false, []string{"Monastrell"}, nil},
	{"Bullas", "España", tinto, false, []string{"Monastrell"}, nil},
	{"Alicante", "España", tinto, false, []string{"Monastrell", "Moscatel", "Garnacha Tintorera"}, []string{"fondillon"}},
	{"Bierzo", "España", tinto, false, []string{"Mencía", "Godello", "Doña Blanca"}, []string{"el bierzo"}},
	{"Txakoli", "España", blanco, false, []string{"Hondarrabi Zuri", "Hondarrabi Beltza"}, []string{"txakolina", "chacoli", "getariako txakolina", "bizkaiko txakolina", "arabako txakolina", "getaria"}},
	{"Somontano", "España", tinto, false, []string{"Moristel", "Cabernet Sauvignon", "Merlot", "Tempranillo", "Chardonnay", "Gewürztraminer"}, nil},
	{"La Mancha", "España", "", false, []string{"Airén", "Tempranillo", "Viura", "Syrah"}, []string{"mancha", "castilla la mancha"}},
	{"Valdepeñas", "España", tinto, false, []string{"Tempranillo", "Airén"}, []string{"valdepenas"}},
	{"Navarra", "España", "", false, []string{"Garnacha", "Tempranillo", "Cabernet Sauvignon", "Merlot", "Chardonnay", "Moscatel"}, nil},
	{"Montsant", "España", tinto, false, []string{"Garnacha", "Cariñena", "Syrah"}, nil},
	{"Ribeiro", "España", blanco, false, []string{"Treixadura", "Albariño", "Godello", "Loureiro", "Caíño", "Sousón"}, nil},
	{"Valdeorras", "España", blanco, false, []string{"Godello", "Mencía"}, nil},
	{"Monterrei", "España", blanco, false, []string{"Godello", "Treixadura", "Mencía"}, nil},
	{"Ribeira Sacra", "España", tinto, false, []string{"Mencía", "Brancellao", "Godello"}, nil},
	{"Calatayud", "España", tinto, false, []string{"Garnacha"}, nil},
	{"Campo de Borja", "España", tinto, false, []string{"Garnacha"}, []string{"campo borja", "borja"}},
	{"Cariñena", "España", tinto, false, []string{"Garnacha", "Cariñena", "Tempranillo"}, []string{"carinena"}},
	{"Utiel-Requena", "España", tinto, false, []string{"Bobal", "Tempranillo"}, []string{"utiel requena"}},
	{"Manchuela", "España", tinto, false, []string{"Bobal"}, nil},
	{"Valencia", "España", "", false, []string{"Monastrell", "Merseguera", "Moscatel"}, nil},
	{"Cigales", "España", rosado, false, []string{"Tempranillo", "Garnacha"}, nil},
	{"Tierra de León", "España", tinto, false, []string{"Prieto Picudo"}, []string{"tierra leon"}},
	{"Arribes", "España", tinto, false, []string{"Juan García", "Rufete"}, nil},
	{"Empordà", "España", tinto, false, []string{"Garnacha", "Cariñena"}, []string{"emporda", "ampurdan"}},
	{"Terra Alta", "España", blanco, false, []string{"Garnacha Blanca"}, nil},
	{"Costers del Segre", "España", "", false, []string{"Tempranillo", "Cabernet Sauvignon", "Viura", "Chardonnay"}, nil},
	{"Binissalem", "España", tinto, false, []string{"Manto Negro", "Callet"}, nil},
	{"Pla i Llevant", "España", tinto, false, []string{"Callet", "Manto Negro"}, nil},
	{"Lanzarote", "España", blanco, false, []string{"Malvasía", "Listán Negro"}, nil},
	{"Tacoronte-Acentejo", "España", tinto, false, []string{"Listán Negro", "Negramoll"}, []string{"tacoronte acentejo", "tacoronte"}},
	{"Islas Canarias", "España", "", false, []string{"Listán Negro", "Palomino", "Malvasía"}, []string{"canarias", "tenerife", "gran canaria", "la palma", "el hierro"}},
	{"Ribera del Guadiana", "España", tinto, false, []string{"Tempranillo", "Garnacha Tintorera"}, []string{"extremadura"}},
	{"Méntrida", "España", tinto, false, []string{"Garnacha"}, []string{"mentrida"}},
	{"Vinos de Madrid", "España", tinto, false, []string{"Garnacha", "Tempranillo"}, []string{"madrid", "sierra de gredos", "gredos"}},
	{"Catalunya", "España", tinto, false, []string{"Garnacha", "Cariñena", "Tempranillo", "Cabernet Sauvignon", "Xarel·lo"}, []string{"cataluna", "catalonia", "sangre de toro"}},
	{"Castilla y León", "España", tinto, false, []string{"Tempranillo", "Verdejo", "Mencía"}, []string{"vino de la tierra de castilla y leon"}},
	// ---- Latin America ----
	{"Mendoza", "Argentina", tinto, false, []string{"Malbec", "Cabernet Sauvignon", "Bonarda", "Chardonnay"}, []string{"maipu mendoza"}},
	{"Valle de Uco", "Argentina", tinto, false, []string{"Malbec", "Cabernet Franc", "Chardonnay"}, []string{"uco", "tupungato", "tunuyan", "gualtallary", "vista flores"}},
	{"Luján de Cuyo", "Argentina", tinto, false, []string{"Malbec", "Cabernet Sauvignon"}, []string{"lujan de cuyo", "agrelo", "perdriel"}},
	{"Salta", "Argentina", "", false, []string{"Torrontés", "Malbec", "Cabernet Sauvignon", "Tannat"}, nil},
	{"Cafayate", "Argentina", "", false, []string{"Torrontés", "Malbec", "Tannat"}, []string{"valles calchaquies"}},
	{"Patagonia", "Argentina", tinto, false, []string{"Pinot Noir", "Malbec", "Merlot"}, []string{"neuquen", "rio negro"}},
	{"San Juan", "Argentina", tinto, false, []string{"Syrah", "Malbec", "Bonarda"}, nil},
	{"Valle del Maipo", "Chile", tinto, false, []string{"Cabernet Sauvignon", "Carménère", "Merlot"}, []string{"maipo", "alto maipo", "puente alto"}},
	{"Valle de Colchagua", "Chile", tinto, false, []string{"Carménère", "Cabernet Sauvignon", "Syrah", "Malbec"}, []string{"colchagua", "apalta"}},
	{"Valle de Casablanca", "Chile", blanco, false, []string{"Sauvignon Blanc", "Chardonnay", "Pinot Noir"}, []string{"casablanca"}},
	{"Valle de Aconcagua", "Chile", tinto, false, []string{"Cabernet Sauvignon", "Syrah", "Carménère"}, []string{"aconcagua"}},
	{"Valle del Maule", "Chile", tinto, false, []string{"Cariñena", "Listán Prieto", "Cabernet Sauvignon"}, []string{"maule"}},
	{"Valle del Limarí", "Chile", blanco, false, []string{"Chardonnay", "Sauvignon Blanc", "Pinot Noir"}, []string{"limari"}},
	{"Valle de Leyda", "Chile", blanco, false, []string{"Sauvignon Blanc", "Pinot Noir", "Chardonnay"}, []string{"leyda", "san antonio"}},
	{"Valle del Itata", "Chile", tinto, false, []string{"Listán Prieto", "Cinsault", "Moscatel"}, []string{"itata"}},
	{"Valle de Curicó", "Chile", tinto, false, []string{"Cabernet Sauvignon", "Sauvignon Blanc"}, []string{"curico"}},
	{"Canelones", "Uruguay", tinto, false, []string{"Tannat", "Merlot", "Albariño"}, nil},
	{"Maldonado", "Uruguay", "", false, []string{"Albariño", "Tannat", "Pinot Noir"}, []string{"garzon"}},
	{"Valle de Guadalupe", "México", tinto, false, []string{"Nebbiolo", "Cabernet Sauvignon", "Tempranillo", "Garnacha", "Chenin Blanc"}, []string{"guadalupe", "ensenada", "baja california"}},
	{"Valle de Parras", "México", tinto, false, []string{"Cabernet Sauvignon", "Syrah", "Merlot"}, []string{"parras", "coahuila"}},
	{"Querétaro", "México", espumoso, false, []string{"Chardonnay", "Pinot Noir", "Viura"}, []string{"queretaro"}},
	{"Serra Gaúcha", "Brasil", espumoso, false, []string{"Chardonnay", "Pinot Noir", "Merlot", "Moscatel"}, []string{"serra gaucha", "vale dos vinhedos", "bento goncalves"}},
	{"Ica", "Perú", "", false, []string{"Quebranta", "Malbec", "Tannat", "Moscatel"}, nil},
	{"Tarija", "Bolivia", tinto, false, []string{"Tannat", "Moscatel", "Malbec"}, nil},
	// ---- France ----
	{"Burdeos", "Francia", tinto, false, []string{"Cabernet Sauvignon", "Merlot", "Cabernet Franc", "Petit Verdot", "Sauvignon Blanc", "Sémillon"}, []string{"bordeaux", "bordeaux superieur", "medoc", "haut medoc", "pauillac", "margaux", "saint julien", "saint estephe", "saint emilion", "st emilion", "pomerol", "graves", "pessac leognan", "entre deux mers"}},
	{"Sauternes", "Francia", dulce, true, []string{"Sémillon", "Sauvignon Blanc"}, []string{"barsac"}},
	{"Borgoña", "Francia", "", false, []string{"Pinot Noir", "Chardonnay", "Gamay", "Aligoté"}, []string{"bourgogne", "burgundy", "borgona", "cote de nuits", "cote de beaune", "cote d'or", "cote d or", "gevrey chambertin", "vosne romanee", "nuits saint georges", "pommard", "volnay", "meursault", "puligny montrachet", "chassagne montrachet", "macon", "maconnais", "pouilly fuisse"}},
	{"Chablis", "Francia", blanco, false, []string{"Chardonnay"}, nil},
	{"Beaujolais", "Francia", tinto, false, []string{"Gamay"}, []string{"morgon", "fleurie", "moulin a vent"}},
	{"Champagne", "Francia", espumoso, true, []string{"Chardonnay", "Pinot Noir", "Pinot Meunier"}, []string{"champan", "champana", "champanha", "reims", "epernay"}},
	{"Ródano", "Francia", tinto, false, []string{"Syrah", "Garnacha", "Monastrell", "Viognier"}, []string{"rhone", "rodano", "cotes du rhone", "hermitage", "crozes hermitage", "cote rotie", "gigondas", "vacqueyras", "condrieu", "saint joseph"}},
	{"Châteauneuf-du-Pape", "Francia", tinto, false, []string{"Garnacha", "Syrah", "Monastrell"}, []string{"chateauneuf du pape", "chateauneuf"}},
	{"Loira", "Francia", "", false, []string{"Sauvignon Blanc", "Chenin Blanc", "Cabernet Franc", "Melon de Bourgogne"}, []string{"loire", "vouvray", "savennieres", "chinon", "bourgueil", "saumur", "anjou", "touraine"}},
	{"Sancerre", "Francia", blanco, false, []string{"Sauvignon Blanc", "Pinot Noir"}, []string{"pouilly fume"}},
	{"Muscadet", "Francia", blanco, false, []string{"Melon de Bourgogne"}, []string{"muscadet sevre et maine"}},
	{"Alsacia", "Francia", blanco, false, []string{"Riesling", "Gewürztraminer", "Pinot Gris", "Pinot Blanc", "Silvaner"}, []string{"alsace", "elsass"}},
	{"Provenza", "Francia", rosado, false, []string{"Garnacha", "Cinsault", "Syrah", "Monastrell", "Vermentino"}, []string{"provence", "cotes de provence", "bandol"}},
	{"Languedoc-Rosellón", "Francia", tinto, false, []string{"Garnacha", "Syrah", "Cariñena", "Monastrell"}, []string{"languedoc", "roussillon", "rosellon", "minervois", "corbieres", "pic saint loup"}},
	{"Cahors", "Francia", tinto, false, []string{"Malbec"}, nil},
	{"Madiran", "Francia", tinto, false, []string{"Tannat"}, nil},
	// ---- Italy ----
	{"Chianti", "Italia", tinto, false, []string{"Sangiovese"}, []string{"chianti classico"}},
	{"Barolo", "Italia", tinto, false, []string{"Nebbiolo"}, nil},
	{"Barbaresco", "Italia", tinto, false, []string{"Nebbiolo"}, nil},
	{"Brunello di Montalcino", "Italia", tinto, false, []string{"Sangiovese"}, []string{"montalcino", "brunello montalcino"}},
	{"Vino Nobile di Montepulciano", "Italia", tinto, false, []string{"Sangiovese"}, []string{"nobile montepulciano"}},
	{"Bolgheri", "Italia", tinto, false, []string{"Cabernet Sauvignon", "Merlot", "Cabernet Franc"}, nil},
	{"Valpolicella", "Italia", tinto, false, []string{"Corvina"}, []string{"ripasso"}},
	{"Amarone della Valpolicella", "Italia", tinto, false, []string{"Corvina"}, []string{"amarone"}},
	{"Prosecco", "Italia", espumoso, true, []string{"Glera"}, []string{"valdobbiadene", "conegliano"}},
	{"Franciacorta", "Italia", espumoso, true, []string{"Chardonnay", "Pinot Noir", "Pinot Blanc"}, nil},
	{"Asti", "Italia", espumoso, true, []string{"Moscatel"}, []string{"moscato d'asti", "moscato d asti", "asti spumante"}},
	{"Soave", "Italia", blanco, false, []string{"Garganega"}, nil},
	{"Etna", "Italia", tinto, false, []string{"Nerello Mascalese"}, nil},
	{"Piamonte", "Italia", tinto, false, []string{"Nebbiolo", "Barbera", "Dolcetto", "Arneis"}, []string{"piemonte", "piedmont", "langhe"}},
	{"Toscana", "Italia", tinto, false, []string{"Sangiovese", "Cabernet Sauvignon", "Merlot"}, []string{"tuscany"}},
	{"Sicilia", "Italia", tinto, false, []string{"Nero d'Avola", "Nerello Mascalese"}, []string{"sicily"}},
	{"Apulia", "Italia", tinto, false, []string{"Primitivo", "Negroamaro"}, []string{"puglia", "manduria"}},
	{"Montepulciano d'Abruzzo", "Italia", tinto, false, []string{"Montepulciano"}, []string{"montepulciano d abruzzo", "abruzzo"}},
	// ---- Portugal ----
	{"Duero (Douro)", "Portugal", tinto, false, []string{"Touriga Nacional", "Touriga Franca", "Tempranillo"}, []string{"douro"}},
	{"Oporto", "Portugal", generoso, true, []string{"Touriga Nacional", "Touriga Franca", "Tempranillo"}, []string{"porto", "port", "vinho do porto"}},
	{"Vinho Verde", "Portugal", blanco, false, []string{"Albariño", "Loureiro", "Arinto"}, nil},
	{"Alentejo", "Portugal", tinto, false, []string{"Tempranillo", "Trincadeira", "Garnacha Tintorera"}, nil},
	{"Dão", "Portugal", tinto, false, []string{"Touriga Nacional", "Encruzado"}, []string{"dao"}},
	{"Bairrada", "Portugal", tinto, false, []string{"Baga"}, nil},
	{"Madeira", "Portugal", generoso, true, []string{"Malvasía", "Negramoll"}, nil},
	// ---- Germany, Austria, Hungary, Greece, Georgia ----
	{"Mosela", "Alemania", blanco, false, []string{"Riesling"}, []string{"mosel", "mosel saar ruwer", "moselle"}},
	{"Rheingau", "Alemania", blanco, false, []string{"Riesling", "Pinot Noir"}, nil},
	{"Pfalz", "Alemania", blanco, false, []string{"Riesling", "Pinot Noir", "Pinot Gris"}, []string{"palatinado"}},
	{"Rheinhessen", "Alemania", blanco, false, []string{"Riesling", "Silvaner", "Müller-Thurgau"}, nil},
	{"Franken", "Alemania", blanco, false, []string{"Silvaner"}, []string{"franconia"}},
	{"Wachau", "Austria", blanco, false, []string{"Grüner Veltliner", "Riesling"}, nil},
	{"Burgenland", "Austria", tinto, false, []string{"Blaufränkisch", "Zweigelt"}, nil},
	{"Tokaj", "Hungría", dulce, true, []string{"Furmint", "Hárslevelű"}, []string{"tokaji", "tokay", "tokaji aszu"}},
	{"Santorini", "Grecia", blanco, false, []string{"Assyrtiko"}, nil},
	{"Kajetia", "Georgia", tinto, false, []string{"Saperavi"}, []string{"kakheti", "kajeti"}},
	// ---- New World ----
	{"Napa Valley", "Estados Unidos", tinto, false, []string{"Cabernet Sauvignon", "Merlot", "Chardonnay"}, []string{"napa", "oakville", "rutherford", "stags leap"}},
	{"Sonoma", "Estados Unidos", "", false, []string{"Pinot Noir", "Chardonnay", "Primitivo"}, []string{"russian river valley", "sonoma coast"}},
	{"Willamette Valley", "Estados Unidos", tinto, false, []string{"Pinot Noir", "Pinot Gris", "Chardonnay"}, []string{"willamette", "oregon"}},
	{"Paso Robles", "Estados Unidos", tinto, false, []string{"Cabernet Sauvignon", "Primitivo", "Syrah"}, nil},
	{"Columbia Valley", "Estados Unidos", tinto, false, []string{"Cabernet Sauvignon", "Merlot", "Syrah", "Riesling"}, []string{"washington state", "walla walla"}},
	{"Finger Lakes", "Estados Unidos", blanco, false, []string{"Riesling"}, nil},
	{"California", "Estados Unidos", "", false, []string{"Cabernet Sauvignon", "Chardonnay", "Primitivo", "Pinot Noir"}, nil},
	{"Barossa Valley", "Australia", tinto, false, []string{"Syrah", "Garnacha", "Monastrell"}, []string{"barossa"}},
	{"McLaren Vale", "Australia", tinto, false, []string{"Syrah", "Garnacha", "Cabernet Sauvignon"}, []string{"mclaren vale", "mc laren vale"}},
	{"Coonawarra", "Australia", tinto, false, []string{"Cabernet Sauvignon"}, nil},
	{"Clare Valley", "Australia", blanco, false, []string{"Riesling"}, nil},
	{"Hunter Valley", "Australia", blanco, false, []string{"Sémillon", "Syrah"}, nil},
	{"Margaret River", "Australia", tinto, false, []string{"Cabernet Sauvignon", "Chardonnay"}, nil},
	{"Yarra Valley", "Australia", tinto, false, []string{"Pinot Noir", "Chardonnay"}, nil},
	{"Marlborough", "Nueva Zelanda", blanco, false, []string{"Sauvignon Blanc", "Pinot Noir"}, nil},
	{"Central Otago", "Nueva Zelanda", tinto, false, []string{"Pinot Noir"}, []string{"otago"}},
	{"Hawke's Bay", "Nueva Zelanda", tinto, false, []string{"Merlot", "Syrah", "Cabernet Sauvignon"}, []string{"hawkes bay"}},
	{"Stellenbosch", "Sudáfrica", tinto, false, []string{"Cabernet Sauvignon", "Pinotage", "Chenin Blanc"}, nil},
	{"Swartland", "Sudáfrica", "", false, []string{"Chenin Blanc", "Syrah"}, nil},
	{"Constantia", "Sudáfrica", "", false, []string{"Sauvignon Blanc", "Moscatel"}, nil},
	{"Niagara Peninsula", "Canadá", "", false, []string{"Riesling", "Chardonnay", "Cabernet Franc"}, []string{"niagara"}},
}

// producers are a few houses people search by name; they imply a region and the producer.
var producers = []producer{
	{"Vega Sicilia", "Ribera del Duero", []string{"valbuena"}},
	{"Dominio de Pingus", "Ribera del Duero", []string{"pingus"}},
	{"Pesquera", "Ribera del Duero", []string{"tinto pesquera", "alejandro fernandez"}},
	{"Protos", "Ribera del Duero", nil},
	{"Pago de Carraovejas", "Ribera del Duero", []string{"carraovejas"}},
	{"Matarromera", "Ribera del Duero", nil},
	{"Aalto", "Ribera del Duero", nil},
	{"Alión", "Ribera del Duero", []string{"alion"}},
	{"Arzuaga", "Ribera del Duero", []string{"arzuaga navarro"}},
	{"Finca Villacreces", "Ribera del Duero", []string{"pruno"}},
	{"Pintia", "Toro", nil},
	{"Mauro", "Castilla y León", nil},
	{"Clos Mogador", "Priorat", nil},
	{"Ramón Bilbao", "Rioja", []string{"ramon bilbao"}},
	{"Beronia", "Rioja", nil},
	{"Campo Viejo", "Rioja", nil},
	{"El Coto de Rioja", "Rioja", []string{"el coto", "coto de imaz"}},
	{"Bodegas Faustino", "Rioja", []string{"faustino"}},
	{"Bodegas Bilbaínas", "Rioja", []string{"bodegas bilbainas", "vina pomal"}},
	{"Marqués de Cáceres", "Rioja", []string{"marques de caceres"}},
	{"Contino", "Rioja", nil},
	{"Remírez de Ganuza", "Rioja", []string{"remirez de ganuza"}},
	{"Luis Cañas", "Rioja", []string{"luis canas"}},
	{"Bodega Contador", "Rioja", []string{"predicador", "contador"}},
	{"Descendientes de J. Palacios", "Bierzo", []string{"petalos del bierzo", "petalos"}},
	{"Raúl Pérez", "Bierzo", []string{"raul perez", "ultreia"}},
	{"Torres", "Penedès", []string{"gran coronas", "mas la plana", "vina sol"}},
	{"Juvé & Camps", "Cava", []string{"juve camps"}},
	{"Emilio Moro", "Ribera del Duero", nil},
	{"Marqués de Riscal", "Rioja", []string{"marques de riscal"}},
	{"Marqués de Murrieta", "Rioja", []string{"marques de murrieta", "castillo ygay"}},
	{"López de Heredia", "Rioja", []string{"lopez de heredia", "vina tondonia"}},
	{"CVNE", "Rioja", []string{"cune", "vina real", "imperial gran reserva"}},
	{"La Rioja Alta", "Rioja", []string{"vina ardanza", "gran reserva 904"}},
	{"Muga", "Rioja", []string{"bodegas muga", "prado enea"}},
	{"Álvaro Palacios", "Priorat", []string{"alvaro palacios", "l'ermita"}},
	{"Pazo de Señorans", "Rías Baixas", []string{"pazo de senorans"}},
	{"Martín Códax", "Rías Baixas", []string{"martin codax"}},
	{"Terras Gauda", "Rías Baixas", nil},
	{"José Pariente", "Rueda", []string{"jose pariente"}},
	{"Numanthia", "Toro", nil},
	{"Juan Gil", "Jumilla", nil},
	{"González Byass", "Jerez", []string{"gonzalez byass", "tio pepe"}},
	{"Lustau", "Jerez", nil},
	{"Codorníu", "Cava", []string{"codorniu"}},
	{"Freixenet", "Cava", nil},
	{"Gramona", "Corpinnat", nil},
	{"Recaredo", "Corpinnat", nil},
	{"Enate", "Somontano", nil},
	{"Chivite", "Navarra", nil},
	{"Catena Zapata", "Mendoza", []string{"catena"}},
	{"Zuccardi", "Valle de Uco", nil},
	{"Achaval Ferrer", "Mendoza", nil},
	{"Trivento", "Mendoza", nil},
	{"Bodega Norton", "Luján de Cuyo", []string{"norton"}},
	{"Alamos", "Mendoza", nil},
	{"Colomé", "Salta", []string{"colome"}},
	{"Concha y Toro", "Valle del Maipo", []string{"casillero del diablo", "don melchor"}},
	{"Almaviva", "Valle del Maipo", nil},
	{"Santa Rita", "Valle del Maipo", nil},
	{"Santa Carolina", "Valle del Maipo", nil},
	{"Undurraga", "Valle del Maipo", nil},
	{"Cono Sur", "Valle de Colchagua", nil},
	{"Viña Montes", "Valle de Colchagua", []string{"montes alpha", "purple angel"}},
	{"Lapostolle", "Valle de Colchagua", []string{"clos apalta"}},
	{"Bodega Garzón", "Maldonado", []string{"bodega garzon"}},
	{"Monte Xanic", "Valle de Guadalupe", nil},
	{"L.A. Cetto", "Valle de Guadalupe", []string{"la cetto", "l a cetto"}},
	{"Casa Madero", "Valle de Parras", nil},
	{"Château Margaux", "Burdeos", []string{"chateau margaux"}},
	{"Château Lafite Rothschild", "Burdeos", []string{"chateau lafite", "lafite rothschild"}},
	{"Château Latour", "Burdeos", []string{"chateau latour"}},
	{"Château Mouton Rothschild", "Burdeos", []string{"mouton rothschild"}},
	{"Petrus", "Burdeos", []string{"chateau petrus"}},
	{"Château d'Yquem", "Sauternes", []string{"chateau d yquem", "yquem"}},
	{"Domaine de la Romanée-Conti", "Borgoña", []string{"romanee conti", "drc"}},
	{"Moët & Chandon", "Champagne", []string{"moet chandon", "moet", "dom perignon"}},
	{"Veuve Clicquot", "Champagne", []string{"clicquot"}},
	{"Krug", "Champagne", nil},
	{"Bollinger", "Champagne", nil},
	{"Taittinger", "Champagne", nil},
	{"Sassicaia", "Bolgheri", []string{"tenuta san guido"}},
	{"Tignanello", "Toscana", []string{"antinori"}},
	{"Gaja", "Barbaresco", nil},
	{"Opus One", "Napa Valley", nil},
	{"Penfolds", "Barossa Valley", []string{"penfolds grange"}},
	{"Cloudy Bay", "Marlborough", nil},
}

var countries = []country{
	{"España", []string{"espana", "spain", "espanol", "espanola", "spanish"}},
	{"Argentina", []string{"argentino"}},
	{"Chile", []string{"chileno", "chilena"}},
	{"Uruguay", []string{"uruguayo", "uruguaya"}},
	{"México", []string{"mexico", "mexicano", "mexicana"}},
	{"Brasil", []string{"brazil", "brasileno", "brasilena"}},
	{"Perú", []string{"peru", "peruano", "peruana"}},
	{"Bolivia", []string{"boliviano", "boliviana"}},
	{"Francia", []string{"france", "frances", "francesa", "french"}},
	{"Italia", []string{"italy", "italiano", "italiana", "italian"}},
	{"Portugal", []string{"portugues", "portuguesa", "portuguese"}},
	{"Alemania", []string{"germany", "aleman", "alemana", "german"}},
	{"Austria", []string{"austriaco", "austriaca"}},
	{"Hungría", []string{"hungria", "hungary", "hungaro"}},
	{"Grecia", []string{"greece", "griego", "griega"}},
	{"Estados Unidos", []string{"eeuu", "usa", "estadounidense"}},
	{"Australia", []string{"australiano", "australiana"}},
	{"Nueva Zelanda", []string{"new zealand", "neozelandes", "neozelandesa"}},
	{"Sudáfrica", []string{"sudafrica", "south africa", "sudafricano", "sudafricana"}},
	{"Canadá", []string{"canada"}},
}

// styleWords name a style in a wine's name. Order matters only for the description.
var styleWords = []struct {
	tipo string
	// special styles (espumoso, generoso, dulce) win over a strong region; colour words do not
	words []string
}{
	{espumoso, []string{"espumoso", "espumante", "sparkling", "brut", "brut nature", "extra brut", "spumante", "frizzante", "cremant", "metodo tradicional", "metodo champenoise", "ancestral", "pet nat", "petillant naturel", "blanc de blancs", "blanc de noirs", "sekt"}},
	{generoso, []string{"generoso", "fino", "manzanilla", "amontillado", "oloroso", "palo cortado", "fortificado", "fortified", "vino de licor", "tawny", "ruby", "cream", "pale cream"}},
	{dulce, []string{"dulce", "sweet", "vendimia tardia", "cosecha tardia", "late harvest", "icewine", "ice wine", "eiswein", "vino de hielo", "aszu", "passito", "recioto", "vinsanto", "trockenbeerenauslese", "beerenauslese", "naturalmente dulce", "vino de postre", "dessert"}},
	{rosado, []string{"rosado", "rose", "rosato", "rosat", "clarete", "blush"}},
	{blanco, []string{"blanco", "white", "blanc", "bianco", "branco", "blanca"}},
	{tinto, []string{"tinto", "red", "rouge", "rosso", "negre", "negro"}},
}

// agingWords are Spanish ageing mentions; they imply a red when nothing else says the colour.
var agingWords = []struct{ word, label string }{
	{"gran reserva", "gran reserva"},
	{"reserva", "reserva"},
	{"crianza", "crianza"},
	{"roble", "roble"},
	{"joven", "joven"},
	{"barrica", "barrica"},
}

// stopwords are ignored on both sides of a comparison.
var stopwords = map[string]bool{
	"de": true, "del": true, "la": true, "las": true, "los": true, "el": true, "y": true, "e": true,
	"di": true, "du": true, "des": true, "do": true, "da": true, "dos": true, "das": true, "della": true,
	"delle": true, "d": true, "l": true, "le": true, "les": true, "of": true, "the": true, "and": true,
	"en": true, "et": true, "con": true, "a": true, "al": true,
	"vino": true, "vinos": true, "wine": true, "vin": true, "vinho": true, "vini": true, "uva": true, "uvas": true,
	"doca": true, "dop": true, "doc": true, "docg": true, "aoc": true, "aop": true, "igp": true, "igt": true,
	"ava": true, "vt": true, "doq": true, "dq": true, "dca": true,
}
