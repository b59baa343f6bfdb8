package notify

import (
	"fmt"
	"strings"
)

// The kinds of transactional message, and the WhatsApp template each is (its approved name, the
// same in every language; docs/whatsapp-templates.md has the texts to register).
const (
	KindConfirmed = "pedido_confirmado"
	KindReady     = "pedido_listo"
	KindServed    = "pedido_servido"
	KindCancelled = "pedido_cancelado"
	KindVoucher   = "bono_comprado"
	KindReceipt   = "cuenta_recibo"
)

// Templates are the WhatsApp template names per kind.
var Templates = map[string]string{
	KindConfirmed: "carta_pedido_confirmado",
	KindReady:     "carta_pedido_listo",
	KindServed:    "carta_pedido_servido",
	KindCancelled: "carta_pedido_cancelado",
	KindVoucher:   "carta_bono_comprado",
	KindReceipt:   "carta_cuenta_recibo",
}

// text is one kind's message in one language: Body with the template's variables {{1}} … (the
// WhatsApp template's body, and the SMS once filled in) and Subject, the e-mail's subject when it
// falls back to e-mail (%s: the restaurant).
type text struct{ Subject, Body string }

// texts per kind and language. Keep the filled-in bodies short: one SMS is 160 GSM characters.
var texts = map[string]map[string]text{
	KindConfirmed: {
		"es": {"Pedido #{{2}} confirmado — {{1}}", "{{1}}: recibimos tu pedido #{{2}} ({{3}}). Te avisaremos cuando esté listo."},
		"en": {"Order #{{2}} confirmed — {{1}}", "{{1}}: we received your order #{{2}} ({{3}}). We will tell you when it is ready."},
	},
	KindReady: {
		"es": {"¡Tu pedido #{{2}} está listo! — {{1}}", "{{1}}: ¡tu pedido #{{2}} está listo para recoger! Di tu número en el mostrador."},
		"en": {"Your order #{{2}} is ready! — {{1}}", "{{1}}: your order #{{2}} is ready for pickup! Give your number at the counter."},
	},
	KindServed: {
		"es": {"Tu pedido está en la mesa {{2}} — {{1}}", "{{1}}: tu pedido ya está en la mesa {{2}}. ¡Buen provecho!"},
		"en": {"Your order is at table {{2}} — {{1}}", "{{1}}: your order is at table {{2}}. Enjoy!"},
	},
	KindCancelled: {
		"es": {"Tu pedido #{{2}} fue cancelado — {{1}}", "{{1}} canceló tu pedido #{{2}}. Motivo: {{3}}. Reembolso: {{4}} a tu tarjeta."},
		"en": {"Your order #{{2}} was cancelled — {{1}}", "{{1}} cancelled your order #{{2}}. Reason: {{3}}. Refund: {{4}} to your card."},
	},
	KindVoucher: {
		"es": {"Tu bono de {{1}}: {{3}}", "{{1}}: gracias por comprar «{{2}}». Tu código: {{3}}"},
		"en": {"Your voucher from {{1}}: {{3}}", "{{1}}: thank you for buying “{{2}}”. Your code: {{3}}"},
	},
	KindReceipt: {
		"es": {"Recibo de la mesa {{2}} — {{1}}", "{{1}}: cuenta de la mesa {{2}} pagada, {{3}}. ¡Gracias por tu visita!"},
		"en": {"Receipt for table {{2}} — {{1}}", "{{1}}: table {{2}}'s bill is paid, {{3}}. Thank you for your visit!"},
	},
}

// lang is es unless en.
func lang(l string) string {
	if strings.EqualFold(strings.TrimSpace(l), "en") {
		return "en"
	}
	return "es"
}

// render fills kind's texts in lang with params ({{1}} is params[0}); params are made one line.
func render(kind, l string, params []string) (subject, body string) {
	t := texts[kind][lang(l)]
	subject, body = t.Subject, t.Body
	for i, p := range params {
		v := oneLine(p)
		key := fmt.Sprintf("{{%d}}", i+1)
		subject = strings.ReplaceAll(subject, key, v)
		body = strings.ReplaceAll(body, key, v)
	}
	return subject, body
}

// oneLine makes a variable one line without tabs or runs of spaces (WhatsApp refuses template
// variables with new lines, tabs or more than four spaces in a row).
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
