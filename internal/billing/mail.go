package billing

import (
	"bytes"
	"fmt"
	"html/template"

	"carta/internal/locale"
	"carta/internal/mail"
	"carta/internal/money"
)

var feeFailedHTML = map[string]*template.Template{
	"es": template.Must(template.New("es").Parse(`<p>Hola {{.Nombre}},</p>
<p>No pudimos cobrar la comisión de servicio de <strong>{{.Amount}}</strong> por un cupón vendido: tu tarjeta fue rechazada o requiere autenticación.</p>
<p>Actualiza tu tarjeta en <a href="{{.URL}}">Crear Oferta</a>; volveremos a intentar el cobro automáticamente.</p>`)),
	"en": template.Must(template.New("en").Parse(`<p>Hello {{.Nombre}},</p>
<p>We could not charge the <strong>{{.Amount}}</strong> service fee for a coupon sold: your card was declined or needs authentication.</p>
<p>Update your card in <a href="{{.URL}}">Create Offer</a>; we will retry the charge automatically.</p>`)),
}

// FeeFailedMail tells a restaurant a platform fee could not be charged, in
// its language (lang: "en", else Spanish), the amount as its country, pais,
// writes it.
func FeeFailedMail(nombre, lang string, amount int64, currency, pais, baseURL string, clienteID int64) mail.Message {
	if lang != "en" {
		lang = "es"
	}
	data := map[string]string{"Nombre": nombre, "Amount": money.Format(amount, currency, locale.Tag(pais, lang)), "URL": fmt.Sprintf("%s/crear-oferta?cliente_id=%d", baseURL, clienteID)}
	var b bytes.Buffer
	_ = feeFailedHTML[lang].Execute(&b, data)
	if lang == "en" {
		return mail.Message{
			Subject: "We could not charge Carta's fee",
			Text: fmt.Sprintf("Hello %s,\n\nWe could not charge the %s service fee for a coupon sold: your card was declined or needs authentication.\nUpdate your card at %s; we will retry the charge automatically.\n",
				nombre, data["Amount"], data["URL"]),
			HTML: b.String(),
		}
	}
	return mail.Message{
		Subject: "No pudimos cobrar la comisión de Carta",
		Text: fmt.Sprintf("Hola %s,\n\nNo pudimos cobrar la comisión de servicio de %s por un cupón vendido: tu tarjeta fue rechazada o requiere autenticación.\nActualiza tu tarjeta en %s; volveremos a intentar el cobro automáticamente.\n",
			nombre, data["Amount"], data["URL"]),
		HTML: b.String(),
	}
}
