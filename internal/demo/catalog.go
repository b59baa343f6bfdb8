package demo

// The demo merchants' point-of-sale catalogues: POS categories and items
// (prices in cents), plus how the owner arranged them into main categories.
// The menu seed uses them now; the demo POS provider serves the same data.

// PosCategory is a category of the demo point of sale.
type PosCategory struct {
	ID, Name, NameEN string
}

// Item is an item of the demo point of sale.
type Item struct {
	ID, Name, NameEN, Desc, DescEN string
	Price                          int64 // cents
	Category                       string
	Hidden                         bool
}

// MainCategory is an owner-made main category grouping POS categories in order.
type MainCategory struct {
	Name, NameEN string
	Subs         []string // POS category ids, in position order
}

// Catalog is one demo merchant.
type Catalog struct {
	MerchantID string
	Moneda     string
	Categories []PosCategory
	Items      []Item
	Main       []MainCategory
	Popup      string
	Colors     [2]string // card colour, text colour
	// VAT: the merchant's prices include the tax (Clover's merchant
	// property "vat"): IVA 10% as restaurant service in Spain, IVA 16% in
	// Mexico (pos/demo's taxRate).
	VAT bool
}

// VATMerchantID is the demo POS's VAT merchant: restaurant 1's tapas menu as
// a Madrid restaurant would sell it, in euros with IVA included. No demo
// restaurant is seeded on it; a super admin can connect one to it.
const VATMerchantID = "DEMOMERCHANTES"

// MexicoVATMerchantID is the demo POS's Mexican VAT merchant: the Taquería's
// menu in pesos with IVA included, as Mexican law has prices shown. The
// Taquería itself (DEMOMERCHANT2) keeps its merchant's IVA added on top; a
// restaurant in Mexico a super admin connects to the demo gets this one.
const MexicoVATMerchantID = "DEMOMERCHANTMX"

func init() {
	es := Catalogs["DEMOMERCHANT1"]
	es.MerchantID, es.Moneda, es.VAT = VATMerchantID, "EUR", true
	Catalogs[VATMerchantID] = es
	mx := Catalogs["DEMOMERCHANT2"]
	mx.MerchantID, mx.VAT = MexicoVATMerchantID, true
	Catalogs[MexicoVATMerchantID] = mx
}

// Catalogs are the demo merchants' catalogues by merchant id.
var Catalogs = map[string]Catalog{
	"DEMOMERCHANT1": {
		MerchantID: "DEMOMERCHANT1", Moneda: "USD", Popup: "Promoción de la Casa", Colors: [2]string{"#fbf6ee", "#2b1d16"},
		Categories: []PosCategory{
			{"C1TAPF", "Tapas Frías", "Cold Tapas"}, {"C1TAPC", "Tapas Calientes", "Hot Tapas"},
			{"C1CARN", "Carnes", "Meat"}, {"C1MAR", "Del Mar", "From the Sea"},
			{"C1ARR", "Arroces", "Rice Dishes"}, {"C1POST", "Postres Caseros", "Homemade Desserts"},
			{"C1VINO", "Vinos por Copa", "Wine by the Glass"}, {"C1SINA", "Sin Alcohol", "Soft Drinks"},
		},
		Main: []MainCategory{
			{"Entradas", "Starters", []string{"C1TAPF", "C1TAPC"}},
			{"Platos Fuertes", "Main Courses", []string{"C1CARN", "C1MAR", "C1ARR"}},
			{"Postres", "Desserts", []string{"C1POST"}},
			{"Bebidas", "Drinks", []string{"C1VINO", "C1SINA"}},
		},
		Items: []Item{
			{"I1001", "Jamón Ibérico", "Iberian Ham", "Jamón de bellota cortado a cuchillo con pan con tomate.", "Hand-carved acorn-fed ham with tomato bread.", 1850, "C1TAPF", false},
			{"I1002", "Tabla de Quesos Especial", "Special Cheese Board", "Selección de quesos madurados de temporada.", "A selection of seasonal aged cheeses.", 2200, "C1TAPF", true},
			{"I1003", "Boquerones en Vinagre", "Marinated Anchovies", "Boquerones frescos con ajo, perejil y aceite de oliva.", "Fresh anchovies with garlic, parsley and olive oil.", 950, "C1TAPF", false},
			{"I1004", "Ensaladilla Rusa", "Russian Salad", "Patata, atún, huevo y mayonesa casera.", "Potato, tuna, egg and homemade mayonnaise.", 850, "C1TAPF", false},
			{"I1005", "Gazpacho Andaluz", "Andalusian Gazpacho", "Sopa fría de tomate, pepino y pimiento.", "Cold soup of tomato, cucumber and pepper.", 750, "C1TAPF", false},
			{"I1006", "Patatas Bravas", "Spicy Potatoes", "Patatas crujientes con salsa brava y alioli.", "Crispy potatoes with spicy sauce and aioli.", 800, "C1TAPC", false},
			{"I1007", "Croquetas de Jamón", "Ham Croquettes", "Seis croquetas cremosas de jamón serrano.", "Six creamy serrano ham croquettes.", 900, "C1TAPC", false},
			{"I1008", "Gambas al Ajillo", "Garlic Shrimp", "Gambas salteadas en aceite con ajo y guindilla.", "Shrimp sautéed in olive oil with garlic and chili.", 1400, "C1TAPC", false},
			{"I1009", "Pimientos de Padrón", "Padrón Peppers", "Pimientos fritos con sal en escamas.", "Fried peppers with flaky salt.", 850, "C1TAPC", false},
			{"I1010", "Pulpo a la Gallega", "Galician Octopus", "Pulpo con pimentón, patata y aceite de oliva.", "Octopus with paprika, potato and olive oil.", 1900, "C1TAPC", false},
			{"I1011", "Chuletón de Res", "Rib Steak", "Chuletón madurado a la parrilla, 500 g.", "Grilled dry-aged rib steak, 500 g.", 4200, "C1CARN", false},
			{"I1012", "Cordero Asado", "Roast Lamb", "Paletilla de cordero al horno con romero.", "Oven-roasted lamb shoulder with rosemary.", 3200, "C1CARN", false},
			{"I1013", "Secreto Ibérico", "Iberian Pork Secreto", "Corte de cerdo ibérico a la brasa.", "Chargrilled Iberian pork cut.", 2600, "C1CARN", false},
			{"I1014", "Albóndigas en Salsa", "Meatballs in Sauce", "Albóndigas caseras en salsa de almendras.", "Homemade meatballs in almond sauce.", 1500, "C1CARN", false},
			{"I1015", "Rabo de Toro", "Oxtail Stew", "Guiso tradicional cocinado a fuego lento.", "Traditional slow-cooked stew.", 2800, "C1CARN", true},
			{"I1016", "Lubina a la Sal", "Salt-Baked Sea Bass", "Lubina entera al horno en costra de sal.", "Whole sea bass baked in a salt crust.", 3000, "C1MAR", false},
			{"I1017", "Bacalao al Pil Pil", "Cod Pil Pil", "Bacalao confitado con emulsión de ajo.", "Confit cod with garlic emulsion.", 2700, "C1MAR", false},
			{"I1018", "Calamares a la Romana", "Fried Squid Rings", "Anillas de calamar rebozadas con limón.", "Battered squid rings with lemon.", 1300, "C1MAR", false},
			{"I1019", "Mejillones al Vapor", "Steamed Mussels", "Mejillones con vino blanco y laurel.", "Mussels with white wine and bay leaf.", 1200, "C1MAR", false},
			{"I1020", "Zarzuela de Mariscos", "Seafood Stew", "Guiso de pescados y mariscos al estilo catalán.", "Catalan-style fish and shellfish stew.", 3400, "C1MAR", false},
			{"I1021", "Paella Valenciana", "Valencian Paella", "Arroz con pollo, conejo y judía verde (2 personas).", "Rice with chicken, rabbit and green beans (serves 2).", 3600, "C1ARR", false},
			{"I1022", "Arroz Negro", "Black Rice", "Arroz con tinta de calamar y alioli.", "Rice with squid ink and aioli.", 3300, "C1ARR", false},
			{"I1023", "Paella de Mariscos", "Seafood Paella", "Arroz con gambas, mejillones y calamar (2 personas).", "Rice with shrimp, mussels and squid (serves 2).", 3900, "C1ARR", false},
			{"I1024", "Arroz con Verduras", "Vegetable Rice", "Arroz meloso con verduras de temporada.", "Creamy rice with seasonal vegetables.", 2400, "C1ARR", false},
			{"I1025", "Fideuá", "Fideuá", "Fideos tostados con marisco.", "Toasted noodles with seafood.", 3100, "C1ARR", true},
			{"I1026", "Crema Catalana", "Catalan Cream", "Crema con azúcar caramelizado al momento.", "Custard with freshly caramelised sugar.", 650, "C1POST", false},
			{"I1027", "Tarta de Queso", "Cheesecake", "Tarta de queso cremosa al horno.", "Creamy baked cheesecake.", 700, "C1POST", false},
			{"I1028", "Churros con Chocolate", "Churros with Chocolate", "Churros recién hechos con chocolate caliente.", "Fresh churros with hot chocolate.", 600, "C1POST", false},
			{"I1029", "Flan Casero", "Homemade Flan", "Flan de huevo con caramelo.", "Egg custard with caramel.", 550, "C1POST", false},
			{"I1030", "Tarta de Santiago", "Santiago Almond Cake", "Tarta de almendra gallega.", "Galician almond cake.", 650, "C1POST", false},
			{"I1031", "Rioja Crianza", "Rioja Crianza", "Tempranillo con 12 meses en barrica.", "Tempranillo aged 12 months in oak.", 900, "C1VINO", false},
			{"I1032", "Albariño", "Albariño", "Blanco fresco de Rías Baixas.", "Crisp white from Rías Baixas.", 950, "C1VINO", false},
			{"I1033", "Ribera del Duero", "Ribera del Duero", "Tinto intenso de Castilla y León.", "Bold red from Castilla y León.", 1100, "C1VINO", false},
			{"I1034", "Cava Brut", "Cava Brut", "Espumoso catalán seco.", "Dry Catalan sparkling wine.", 850, "C1VINO", false},
			{"I1035", "Jerez Fino", "Fino Sherry", "Vino generoso de Jerez, servido frío.", "Fortified wine from Jerez, served chilled.", 800, "C1VINO", true},
			{"I1036", "Agua Mineral", "Mineral Water", "Botella de 500 ml, con o sin gas.", "500 ml bottle, still or sparkling.", 300, "C1SINA", false},
			{"I1037", "Limonada de la Casa", "House Lemonade", "Limonada natural con hierbabuena.", "Fresh lemonade with mint.", 450, "C1SINA", false},
			{"I1038", "Horchata", "Horchata", "Bebida fría de chufa valenciana.", "Cold Valencian tiger-nut drink.", 500, "C1SINA", false},
			{"I1039", "Café Cortado", "Cortado", "Espresso con un toque de leche.", "Espresso with a dash of milk.", 300, "C1SINA", false},
			{"I1040", "Refresco", "Soft Drink", "Refresco de cola, naranja o limón.", "Cola, orange or lemon soda.", 350, "C1SINA", false},
		},
	},
	"DEMOMERCHANT2": {
		MerchantID: "DEMOMERCHANT2", Moneda: "MXN", Popup: "Martes de Tacos", Colors: [2]string{"#fff4d6", "#3b2300"},
		Categories: []PosCategory{
			{"C2TAC", "Tacos de Guisado", "Stew Tacos"}, {"C2TAP", "Tacos al Pastor", "Al Pastor Tacos"},
			{"C2QUE", "Quesadillas", "Quesadillas"}, {"C2ANT", "Antojitos", "Street Snacks"},
			{"C2SAL", "Salsas", "Salsas"}, {"C2POS", "Dulces", "Sweets"},
			{"C2AGU", "Aguas Frescas", "Fresh Waters"}, {"C2CER", "Cervezas", "Beers"},
		},
		Main: []MainCategory{
			{"Tacos", "Tacos", []string{"C2TAP", "C2TAC"}},
			{"Antojitos", "Snacks", []string{"C2QUE", "C2ANT", "C2SAL"}},
			{"Postres", "Desserts", []string{"C2POS"}},
			{"Bebidas", "Drinks", []string{"C2AGU", "C2CER"}},
		},
		Items: []Item{
			{"I2001", "Taco al Pastor", "Al Pastor Taco", "Cerdo adobado al trompo con piña.", "Spit-roasted marinated pork with pineapple.", 2500, "C2TAP", false},
			{"I2002", "Gringa", "Gringa", "Tortilla de harina con pastor y queso.", "Flour tortilla with al pastor and cheese.", 5500, "C2TAP", false},
			{"I2003", "Volcán de Pastor", "Al Pastor Volcano", "Tostada con queso gratinado y pastor.", "Crispy tortilla with melted cheese and al pastor.", 3800, "C2TAP", false},
			{"I2004", "Orden de Pastor", "Al Pastor Plate", "Cinco tacos con cebolla y cilantro.", "Five tacos with onion and cilantro.", 11000, "C2TAP", false},
			{"I2005", "Pastor Especial", "Special Al Pastor", "Con costra de queso y aguacate.", "With a cheese crust and avocado.", 4500, "C2TAP", true},
			{"I2006", "Taco de Chicharrón", "Pork Rind Taco", "Chicharrón en salsa verde.", "Pork rinds in green salsa.", 2800, "C2TAC", false},
			{"I2007", "Taco de Tinga", "Chicken Tinga Taco", "Pollo deshebrado en salsa de chipotle.", "Shredded chicken in chipotle sauce.", 2800, "C2TAC", false},
			{"I2008", "Taco de Rajas", "Poblano Taco", "Rajas de poblano con crema.", "Poblano strips with cream.", 2600, "C2TAC", false},
			{"I2009", "Taco de Papa", "Potato Taco", "Papa con chorizo.", "Potato with chorizo.", 2400, "C2TAC", false},
			{"I2010", "Taco de Barbacoa", "Barbacoa Taco", "Res cocida al vapor con consomé.", "Steamed beef with consommé.", 3500, "C2TAC", false},
			{"I2011", "Quesadilla de Queso", "Cheese Quesadilla", "Tortilla de maíz con queso Oaxaca.", "Corn tortilla with Oaxaca cheese.", 3000, "C2QUE", false},
			{"I2012", "Quesadilla de Flor", "Squash Blossom Quesadilla", "Flor de calabaza y queso.", "Squash blossom and cheese.", 3800, "C2QUE", false},
			{"I2013", "Quesadilla de Huitlacoche", "Corn Truffle Quesadilla", "Huitlacoche guisado con epazote.", "Corn truffle cooked with epazote.", 4000, "C2QUE", false},
			{"I2014", "Quesadilla de Chorizo", "Chorizo Quesadilla", "Chorizo de Toluca y queso.", "Toluca chorizo and cheese.", 3500, "C2QUE", false},
			{"I2015", "Quesadilla de Tinga", "Tinga Quesadilla", "Tinga de pollo y queso.", "Chicken tinga and cheese.", 3500, "C2QUE", true},
			{"I2016", "Elote", "Corn on the Cob", "Elote con mayonesa, queso y chile.", "Corn with mayonnaise, cheese and chili.", 3000, "C2ANT", false},
			{"I2017", "Esquites", "Esquites", "Granos de elote en vaso con limón.", "Corn kernels in a cup with lime.", 3000, "C2ANT", false},
			{"I2018", "Sope", "Sope", "Masa gruesa con frijol, crema y queso.", "Thick masa with beans, cream and cheese.", 3200, "C2ANT", false},
			{"I2019", "Tlacoyo", "Tlacoyo", "Masa rellena de frijol con nopales.", "Bean-filled masa with cactus.", 3200, "C2ANT", false},
			{"I2020", "Guacamole con Totopos", "Guacamole and Chips", "Aguacate machacado al momento.", "Avocado mashed to order.", 6500, "C2ANT", false},
			{"I2021", "Salsa Verde", "Green Salsa", "Tomatillo, serrano y cilantro.", "Tomatillo, serrano and cilantro.", 1000, "C2SAL", false},
			{"I2022", "Salsa Roja", "Red Salsa", "Chile de árbol tostado.", "Toasted árbol chili.", 1000, "C2SAL", false},
			{"I2023", "Salsa de Habanero", "Habanero Salsa", "Muy picante, con cebolla morada.", "Very hot, with red onion.", 1200, "C2SAL", false},
			{"I2024", "Pico de Gallo", "Pico de Gallo", "Jitomate, cebolla, chile y limón.", "Tomato, onion, chili and lime.", 1200, "C2SAL", false},
			{"I2025", "Salsa Macha", "Salsa Macha", "Chiles secos en aceite con cacahuate.", "Dried chilies in oil with peanuts.", 1500, "C2SAL", true},
			{"I2026", "Churros", "Churros", "Con azúcar y canela.", "With sugar and cinnamon.", 4000, "C2POS", false},
			{"I2027", "Flan Napolitano", "Neapolitan Flan", "Flan de queso crema.", "Cream cheese flan.", 4500, "C2POS", false},
			{"I2028", "Arroz con Leche", "Rice Pudding", "Con canela y pasas.", "With cinnamon and raisins.", 3800, "C2POS", false},
			{"I2029", "Pastel de Tres Leches", "Tres Leches Cake", "Bizcocho bañado en tres leches.", "Sponge cake soaked in three milks.", 5000, "C2POS", false},
			{"I2030", "Buñuelos", "Buñuelos", "Con miel de piloncillo.", "With piloncillo syrup.", 4200, "C2POS", false},
			{"I2031", "Agua de Horchata", "Horchata Water", "Arroz, canela y vainilla.", "Rice, cinnamon and vanilla.", 3500, "C2AGU", false},
			{"I2032", "Agua de Jamaica", "Hibiscus Water", "Flor de jamaica fría.", "Chilled hibiscus flower.", 3500, "C2AGU", false},
			{"I2033", "Agua de Tamarindo", "Tamarind Water", "Tamarindo natural.", "Fresh tamarind.", 3500, "C2AGU", false},
			{"I2034", "Agua de Limón con Chía", "Lime and Chia Water", "Limón y semillas de chía.", "Lime and chia seeds.", 3800, "C2AGU", false},
			{"I2035", "Agua del Día", "Water of the Day", "Pregunta por la fruta de temporada.", "Ask about the seasonal fruit.", 3500, "C2AGU", true},
			{"I2036", "Cerveza Clara", "Lager", "Cerveza mexicana bien fría.", "Ice-cold Mexican lager.", 4500, "C2CER", false},
			{"I2037", "Cerveza Oscura", "Dark Beer", "Cerveza tipo Viena.", "Vienna-style beer.", 4800, "C2CER", false},
			{"I2038", "Michelada", "Michelada", "Cerveza con limón, sal y salsas.", "Beer with lime, salt and sauces.", 6500, "C2CER", false},
			{"I2039", "Chelada", "Chelada", "Cerveza con limón y sal.", "Beer with lime and salt.", 5500, "C2CER", false},
			{"I2040", "Cerveza Artesanal", "Craft Beer", "IPA local de la semana.", "Local IPA of the week.", 7500, "C2CER", false},
		},
	},
}

// POSName is the owner's name of one of the demo POS's modifier groups,
// modifiers or taxes (pos/demo: its id is the merchant id, "-", Key) in
// one language.
type POSName struct {
	Entidad, Key, Idioma, Name string
}

// POSNames: the demo POS names its modifiers in Spanish and its US sales
// tax in English (as a Miami merchant's Clover would); the owner gave the
// Spanish ones English names and the tax a Spanish one.
var POSNames = []POSName{
	{"modificador_grupo", "PUNTO", "en", "Doneness"},
	{"modificador", "PUNTO-1", "en", "Rare"},
	{"modificador", "PUNTO-2", "en", "Medium"},
	{"modificador", "PUNTO-3", "en", "Well done"},
	{"modificador_grupo", "GUAR", "en", "Sides"},
	{"modificador", "GUAR-1", "en", "French fries"},
	{"modificador", "GUAR-2", "en", "Green salad"},
	{"modificador", "GUAR-3", "en", "Roasted peppers"},
	{"modificador_grupo", "PAN", "en", "On the side"},
	{"modificador", "PAN-1", "en", "Extra bread"},
	{"modificador", "PAN-2", "en", "Aioli"},
	{"modificador_grupo", "TORT", "en", "Tortilla"},
	{"modificador", "TORT-1", "en", "Corn"},
	{"modificador", "TORT-2", "en", "Flour"},
	{"modificador_grupo", "EXTRA", "en", "Extras"},
	{"modificador", "EXTRA-1", "en", "Cheese"},
	{"modificador", "EXTRA-2", "en", "Avocado"},
	{"modificador", "EXTRA-3", "en", "Grilled onion"},
	{"impuesto", "TAX", "es", "Impuesto sobre ventas 8.25%"},
	{"impuesto", "IVA", "en", "VAT 16%"},
}
