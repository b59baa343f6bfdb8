package onboarding

import (
	"bytes"
	"html/template"
	"net/url"
	"time"

	"carta/internal/locale"
	"carta/internal/mail"
)

func linkQuery(merchantID, email, token string) string {
	return url.Values{"merchant_id": {merchantID}, "email": {email}, "token": {token}}.Encode()
}

var linkHTML = template.Must(template.New("link").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
<p>{{.Greeting}}</p>
<p>{{.Intro}}</p>
<p><a href="{{.URL}}" style="display: inline-block; padding: 10px 18px; background: #b3202a; color: #fff; text-decoration: none; border-radius: 6px;">{{.Button}}</a></p>
<p style="color: #555; font-size: 14px;">{{.Expiry}}</p>
<p style="color: #777; font-size: 13px;">{{.Footer}}</p>
</body></html>
`))

type linkData struct {
	Lang, Subject, Greeting, Intro, Button, Expiry, Footer, URL string
}

// linkMail is the onboarding e-mail, in the restaurant's language; its
// link's expiry is written in the restaurant's locale and time zone (pais,
// zona: see clientes.Where).
func linkMail(lang, nombre, link string, expires time.Time, pais, zona string) mail.Message {
	d := linkData{Lang: "es", URL: link,
		Subject:  "Activa la cuenta de " + nombre + " en Carta",
		Greeting: "Hola,",
		Intro:    "Carta preparó el panel de " + nombre + ": la carta digital, las ofertas y los pedidos en línea de tu restaurante. Para entrar, establece tu contraseña:",
		Button:   "Establecer contraseña",
		Expiry:   "El enlace sirve una sola vez y caduca el " + locale.Moment(expires, pais, zona, "es") + ". Si caduca, pide uno nuevo a Carta.",
		Footer:   "Si no esperabas este correo, ignóralo: nadie puede entrar sin este enlace.",
	}
	if lang == "en" {
		d = linkData{Lang: "en", URL: link,
			Subject:  "Activate " + nombre + "'s Carta account",
			Greeting: "Hello,",
			Intro:    "Carta has set up " + nombre + "'s panel: your restaurant's digital menu, offers and online orders. To sign in, set your password:",
			Button:   "Set password",
			Expiry:   "The link works once and expires on " + locale.Moment(expires, pais, zona, "en") + ". If it expires, ask Carta for a new one.",
			Footer:   "If you did not expect this e-mail, ignore it: nobody can sign in without this link.",
		}
	}
	var b bytes.Buffer
	if err := linkHTML.Execute(&b, d); err != nil {
		panic("onboarding: link template: " + err.Error()) // static template: cannot fail
	}
	text := d.Greeting + "\n\n" + d.Intro + "\n\n" + link + "\n\n" + d.Expiry + "\n\n-- \n" + d.Footer + "\n"
	return mail.Message{Subject: d.Subject, Text: text, HTML: b.String()}
}
