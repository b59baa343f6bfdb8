package billing

import (
	"bytes"
	"fmt"
	"html/template"

	"carta/internal/locale"
	"carta/internal/mail"
	"carta/internal/money"
)

var feeFailedHTML = template.Must(template.New("f").Parse(`<p>Hola {{.Nombre}},</p>
<p>No pudimos cobrar la comisión de servicio de <strong>{{.Amount}}</strong> por un cupón vendido: tu tarjeta fue rechazada o requiere autenticación.</p>
<p>Actualiza tu tarjeta en <a href="{{.URL}}">Crear Oferta</a>; volveremos a intentar el cobro automáticamente.</p>`))

// FeeFailedMail tells a restaurant a platform fee could not be charged
// (in Spanish; the amount as its country, pais, writes it).
func FeeFailedMail(nombre string, amount int64, currency, pais, baseURL string, clienteID int64) mail.Message {
	data := map[string]string{"Nombre": nombre, "Amount": money.Format(amount, currency, locale.Tag(pais, "es")), "URL": fmt.Sprintf("%s/crear-oferta?cliente_id=%d", baseURL, clienteID)}
	var b bytes.Buffer
	_ = feeFailedHTML.Execute(&b, data)
	return mail.Message{
		Subject: "No pudimos cobrar la comisión de Carta",
		Text: fmt.Sprintf("Hola %s,\n\nNo pudimos cobrar la comisión de servicio de %s por un cupón vendido: tu tarjeta fue rechazada o requiere autenticación.\nActualiza tu tarjeta en %s; volveremos a intentar el cobro automáticamente.\n",
			nombre, data["Amount"], data["URL"]),
		HTML: b.String(),
	}
}
