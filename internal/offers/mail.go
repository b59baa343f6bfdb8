package offers

import (
	"bytes"
	"fmt"
	"html/template"

	"carta/internal/mail"
)

func money(cents int64, currency string) string {
	return fmt.Sprintf("$%d.%02d %s", cents/100, cents%100, currency)
}

var receiptHTML = template.Must(template.New("r").Parse(`<p>Hola {{.Nombre}},</p>
<p>Tu pago de <strong>{{.Total}}</strong> por <strong>{{.Titulo}}</strong> se procesó correctamente.</p>
<p>Tu código de cupón es <strong style="font-size:1.3em">{{.Code}}</strong>. Muéstralo en el restaurante para canjearlo.</p>
<p><a href="{{.URL}}">Ver mis compras</a></p>`))

// ReceiptMail is the e-mail a diner gets when a coupon is paid.
func ReceiptMail(nombre, titulo, code string, total int64, currency, baseURL string) mail.Message {
	data := map[string]string{"Nombre": nombre, "Titulo": titulo, "Code": code, "Total": money(total, currency), "URL": baseURL + "/usuario/mis-compras"}
	var b bytes.Buffer
	_ = receiptHTML.Execute(&b, data)
	return mail.Message{
		Subject: "Tu cupón: " + titulo,
		Text: fmt.Sprintf("Hola %s,\n\nTu pago de %s por %s se procesó correctamente.\nTu código de cupón es %s. Muéstralo en el restaurante para canjearlo.\n\nMis compras: %s\n",
			nombre, data["Total"], titulo, code, data["URL"]),
		HTML: b.String(),
	}
}

var refundHTML = template.Must(template.New("rf").Parse(`<p>Hola {{.Nombre}},</p>
<p>Recibimos tu pago de <strong>{{.Total}}</strong> por <strong>{{.Titulo}}</strong>, pero la oferta se agotó antes de que terminara el pago, así que no pudimos emitir tu cupón.</p>
<p>Te reembolsaremos el pago completo en tu tarjeta. No tienes que hacer nada.</p>`))

// RefundMail tells a diner that a payment will be refunded because the
// offer sold out while they paid.
func RefundMail(nombre, titulo string, total int64, currency string) mail.Message {
	data := map[string]string{"Nombre": nombre, "Titulo": titulo, "Total": money(total, currency)}
	var b bytes.Buffer
	_ = refundHTML.Execute(&b, data)
	return mail.Message{
		Subject: "Reembolso de tu pago: " + titulo,
		Text: fmt.Sprintf("Hola %s,\n\nRecibimos tu pago de %s por %s, pero la oferta se agotó antes de que terminara el pago, así que no pudimos emitir tu cupón.\nTe reembolsaremos el pago completo en tu tarjeta. No tienes que hacer nada.\n",
			nombre, data["Total"], titulo),
		HTML: b.String(),
	}
}
