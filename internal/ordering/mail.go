package ordering

import (
	"bytes"
	"cmp"
	"fmt"
	"html/template"
	"strconv"
	"strings"
	"time"

	"carta/internal/locale"
	"carta/internal/mail"
	"carta/internal/money"
)

// The e-mails a diner gets about an order, in the language the order was
// placed in: its confirmation (with the lines, the total and the pickup
// time) and one for every change of state.

type mailText struct {
	Subject, Lead string
}

// statusTexts are the subject and first sentence per state and language;
// %d is the order number, %s the restaurant.
var statusTexts = map[string]map[string]mailText{
	EstadoRecibido: {
		"es": {"Pedido #%d confirmado — %s", "Recibimos tu pedido y tu pago. Te avisaremos cuando esté listo."},
		"en": {"Order #%d confirmed — %s", "We received your order and your payment. We will let you know when it is ready."},
	},
	EstadoPreparacion: {
		"es": {"Tu pedido #%d se está preparando — %s", "La cocina ya está preparando tu pedido."},
		"en": {"Your order #%d is being prepared — %s", "The kitchen is preparing your order."},
	},
	EstadoListo: {
		"es": {"¡Tu pedido #%d está listo para recoger! — %s", "Tu pedido está listo. Pasa a recogerlo cuando quieras."},
		"en": {"Your order #%d is ready for pickup! — %s", "Your order is ready. Come and pick it up."},
	},
	EstadoEntregado: {
		"es": {"Pedido #%d entregado — %s", "Gracias por tu pedido. ¡Buen provecho!"},
		"en": {"Order #%d picked up — %s", "Thank you for your order. Enjoy!"},
	},
	EstadoCancelado: {
		"es": {"Tu pedido #%d fue cancelado — %s", "El restaurante canceló tu pedido."},
		"en": {"Your order #%d was cancelled — %s", "The restaurant cancelled your order."},
	},
}

var mailLabels = map[string]map[string]string{
	"es": {"mostrador": "En el mostrador di tu número de pedido:", "donde": "Dónde recoger", "comoLlegar": "Cómo llegar",
		"telefono": "Teléfono", "hola": "Hola %s,", "recoger": "Recoger", "asap": "%s, lo antes posible (hacia las %s)", "subtotal": "Subtotal",
		"impuestos": "Impuestos", "incluido": "IVA incluido (%s)", "total": "Total", "ver": "Ver tu pedido", "motivo": "Motivo", "nota": "Nota",
		"reembolso": "Te reembolsaremos el pago completo en tu tarjeta. No tienes que hacer nada."},
	"en": {"mostrador": "At the counter, give your order number:", "donde": "Where to pick up", "comoLlegar": "Directions",
		"telefono": "Phone", "hola": "Hi %s,", "recoger": "Pickup", "asap": "%s, as soon as possible (around %s)", "subtotal": "Subtotal",
		"impuestos": "Taxes", "incluido": "VAT included (%s)", "total": "Total", "ver": "See your order", "motivo": "Reason", "nota": "Note",
		"reembolso": "Your payment will be refunded in full to your card. You do not need to do anything."},
}

var orderHTML = template.Must(template.New("pedido").Parse(`<p>{{.Hola}}</p>
<p>{{.Lead}}</p>
{{if .Motivo}}<p><strong>{{.L.motivo}}:</strong> {{.Motivo}}</p>{{end}}{{if .Reembolso}}<p>{{.L.reembolso}}</p>{{end}}
<p><strong>{{.L.recoger}}:</strong> {{.Recoger}}</p>
{{if .Numero}}<p>{{.L.mostrador}}</p>
<p style="font-size:32px;font-weight:bold;margin:4px 0 12px">#{{.Numero}}</p>{{end}}
{{if or .Lugar.Direccion .Lugar.MapaURL .Tel}}<p><strong>{{.L.donde}}:</strong> {{.Restaurante}}{{if .Lugar.Direccion}}<br>{{.Lugar.Direccion}}{{end}}{{if .Lugar.MapaURL}}<br><a href="{{.Lugar.MapaURL}}">{{.L.comoLlegar}}</a>{{end}}{{if .Tel}}<br>{{.L.telefono}}: <a href="{{.Tel}}">{{.Lugar.Telefono}}</a>{{end}}</p>
{{end}}<table cellpadding="4" style="border-collapse:collapse">
{{range .Lineas}}<tr><td>{{.Cantidad}} × {{.Nombre}}{{range .Modificadores}}<br><small>+ {{.Name}}</small>{{end}}</td><td align="right">{{.Importe}}</td></tr>
{{end}}{{if not .Incluido}}<tr><td>{{.L.subtotal}}</td><td align="right">{{.Subtotal}}</td></tr>
{{range .Taxes}}<tr><td>{{.Name}}</td><td align="right">{{.Amount}}</td></tr>
{{end}}{{end}}
<tr><td><strong>{{.L.total}}</strong></td><td align="right"><strong>{{.Total}}</strong></td></tr>
{{if .Incluido}}{{range .Taxes}}<tr><td><small>{{.Name}}</small></td><td align="right"><small>{{.Amount}}</small></td></tr>
{{end}}{{end}}</table>
{{if .Nota}}<p><strong>{{.L.nota}}:</strong> {{.Nota}}</p>{{end}}
<p><a href="{{.URL}}">{{.L.ver}}</a></p>`))

// mailTax is a tax line of the e-mail: its name and amount.
type mailTax struct{ Name, Amount string }

type mailLine struct {
	Cantidad      int
	Nombre        string
	Modificadores []ChosenModifier
	Importe       string
}

// orderMail is the e-mail about order p entering its current state, p
// named in its language (Pedido.inItsLanguage). url is the order's page;
// loc the restaurant's time zone; lugar where to pick it up; now when the
// e-mail is written (the pickup's "hoy" / "mañana").
func orderMail(p Pedido, url string, loc *time.Location, lugar Lugar, now time.Time) mail.Message {
	lang := p.idioma
	if lang != "en" {
		lang = "es"
	}
	txt, ok := statusTexts[p.Estado][lang]
	if !ok {
		txt = statusTexts[EstadoRecibido][lang]
	}
	l := mailLabels[lang]
	tag := locale.Tag(lugar.pais, lang)
	dia, hora := pickupWhen(time.Unix(p.RecogerAt, 0), now, loc, lang, tag)
	recoger := dia + ", " + hora
	if p.LoAntesPosible {
		recoger = fmt.Sprintf(l["asap"], dia, hora)
	}
	data := struct {
		Hola, Lead, Motivo, Recoger, Subtotal, Impuestos, Total, Nota, URL string
		Restaurante                                                        string
		Tel                                                                template.URL
		Numero                                                             int64
		Lugar                                                              Lugar
		Reembolso, Incluido                                                bool
		Lineas                                                             []mailLine
		Taxes                                                              []mailTax
		L                                                                  map[string]string
	}{
		Hola: fmt.Sprintf(l["hola"], p.Nombre), Lead: txt.Lead, Recoger: recoger, Subtotal: money.Format(p.Subtotal, p.Moneda, tag),
		Impuestos: money.Format(p.Impuestos, p.Moneda, tag), Total: money.Format(p.Total, p.Moneda, tag), Nota: p.Nota, URL: url, L: l,
		Restaurante: p.Restaurante, Lugar: lugar, Incluido: p.ImpuestosIncluidos,
		// A tel: URL of digits only (TelHref), safe as a link.
		Tel: template.URL(TelHref(lugar.Telefono)),
	}
	// What to say at the counter: only while the order is still to pick up.
	if p.Numero > 0 && (p.Estado == EstadoRecibido || p.Estado == EstadoPreparacion || p.Estado == EstadoListo) {
		data.Numero = p.Numero
	}
	// One row per tax rate, named as the diner read it in the cart ('Sales
	// Tax 8.25%'); an order without tax lines shows the total as "Taxes".
	// Prices that included the tax: after the total, each rate's share of
	// it, "IVA incluido (10 %)" (a 0% rate holds nothing and is left out).
	for _, t := range p.DetalleImpuestos {
		name := cmp.Or(t.Name, l["impuestos"])
		if p.ImpuestosIncluidos {
			if t.Rate <= 0 {
				continue
			}
			name = fmt.Sprintf(l["incluido"], ratePercent(t.Rate, lang))
		}
		data.Taxes = append(data.Taxes, mailTax{Name: name, Amount: money.Format(t.Amount, p.Moneda, tag)})
	}
	if len(data.Taxes) == 0 && !p.ImpuestosIncluidos {
		data.Taxes = []mailTax{{Name: l["impuestos"], Amount: data.Impuestos}}
	}
	if p.Estado == EstadoCancelado {
		data.Motivo = p.MotivoCancelacion
		data.Reembolso = p.Reembolso != ""
	}
	var text strings.Builder
	fmt.Fprintf(&text, "%s\n\n%s\n", data.Hola, data.Lead)
	if data.Motivo != "" {
		fmt.Fprintf(&text, "%s: %s\n", l["motivo"], data.Motivo)
	}
	if data.Reembolso {
		fmt.Fprintf(&text, "%s\n", l["reembolso"])
	}
	fmt.Fprintf(&text, "\n%s: %s\n", l["recoger"], recoger)
	if data.Numero > 0 {
		fmt.Fprintf(&text, "%s #%d\n", l["mostrador"], data.Numero)
	}
	if lugar.Direccion != "" || lugar.MapaURL != "" || data.Tel != "" {
		fmt.Fprintf(&text, "%s: %s\n", l["donde"], p.Restaurante)
		if lugar.Direccion != "" {
			fmt.Fprintf(&text, "  %s\n", lugar.Direccion)
		}
		if lugar.MapaURL != "" {
			fmt.Fprintf(&text, "  %s: %s\n", l["comoLlegar"], lugar.MapaURL)
		}
		if data.Tel != "" {
			fmt.Fprintf(&text, "  %s: %s (%s)\n", l["telefono"], lugar.Telefono, data.Tel)
		}
	}
	text.WriteString("\n")
	for _, ln := range p.Lineas {
		ml := mailLine{Cantidad: ln.Cantidad, Nombre: ln.Nombre, Modificadores: ln.Modificadores, Importe: money.Format(ln.Subtotal, p.Moneda, tag)}
		data.Lineas = append(data.Lineas, ml)
		fmt.Fprintf(&text, "%d × %s  %s\n", ml.Cantidad, ml.Nombre, ml.Importe)
		for _, m := range ml.Modificadores {
			fmt.Fprintf(&text, "    + %s\n", m.Name)
		}
	}
	text.WriteString("\n")
	if !data.Incluido {
		fmt.Fprintf(&text, "%s: %s\n", l["subtotal"], data.Subtotal)
		for _, t := range data.Taxes {
			fmt.Fprintf(&text, "%s: %s\n", t.Name, t.Amount)
		}
	}
	fmt.Fprintf(&text, "%s: %s\n", l["total"], data.Total)
	if data.Incluido {
		for _, t := range data.Taxes {
			fmt.Fprintf(&text, "  %s: %s\n", t.Name, t.Amount)
		}
	}
	if p.Nota != "" {
		fmt.Fprintf(&text, "\n%s: %s\n", l["nota"], p.Nota)
	}
	fmt.Fprintf(&text, "\n%s: %s\n", l["ver"], url)
	var b bytes.Buffer
	_ = orderHTML.Execute(&b, data)
	return mail.Message{Subject: fmt.Sprintf(txt.Subject, p.Numero, p.Restaurante), Text: text.String(), HTML: b.String()}
}

// ratePercent writes a tax rate (Clover's scale: 10% = 1,000,000) as the
// language writes a percentage: "10 %" and "5,5 %" in Spanish, "10%" and
// "5.5%" in English (as the web's Intl percent format does).
func ratePercent(rate int64, lang string) string {
	s := strconv.FormatFloat(float64(rate)/100_000, 'f', -1, 64)
	if lang == "es" {
		return strings.Replace(s, ".", ",", 1) + "\u00a0%"
	}
	return s + "%"
}

// refundTexts are the refund e-mail's subject (%d the order number, %s the restaurant) and its
// sentence (%s the amount), per language.
var refundTexts = map[string]mailText{
	"es": {"Reembolso de tu pedido #%d — %s", "Te reembolsamos %s en la tarjeta con la que pagaste. Según tu banco, puede tardar unos días en verse en tu cuenta."},
	"en": {"Refund of your order #%d — %s", "We refunded %s to the card you paid with. Depending on your bank, it may take a few days to show in your account."},
}

var refundHTML = template.Must(template.New("reembolso").Parse(`<p>{{.Hola}}</p>
<p>{{.Lead}}</p>
<p><a href="{{.URL}}">{{.Ver}}</a></p>`))

// refundMail is the e-mail that tells the diner a cancelled order's payment was refunded, p named
// in its language; url is the order's page; pais the restaurant's country.
func refundMail(p Pedido, url, pais string) mail.Message {
	lang := p.idioma
	if lang != "en" {
		lang = "es"
	}
	txt, l := refundTexts[lang], mailLabels[lang]
	hola, lead := fmt.Sprintf(l["hola"], p.Nombre), fmt.Sprintf(txt.Lead, money.Format(p.Total, p.Moneda, locale.Tag(pais, lang)))
	var b bytes.Buffer
	_ = refundHTML.Execute(&b, map[string]string{"Hola": hola, "Lead": lead, "URL": url, "Ver": l["ver"]})
	return mail.Message{
		Subject: fmt.Sprintf(txt.Subject, p.Numero, p.Restaurante),
		Text:    fmt.Sprintf("%s\n\n%s\n\n%s: %s\n", hola, lead, l["ver"], url),
		HTML:    b.String(),
	}
}
