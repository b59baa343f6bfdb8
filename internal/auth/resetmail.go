package auth

import (
	"bytes"
	"html/template"
	"time"

	"carta/internal/locale"
	"carta/internal/mail"
)

var resetHTML = template.Must(template.New("reset").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
<p>{{.Greeting}}</p>
<p>{{.Intro}}</p>
<p><a href="{{.URL}}" style="display: inline-block; padding: 10px 18px; background: #b3202a; color: #fff; text-decoration: none; border-radius: 6px;">{{.Button}}</a></p>
{{if .Place}}<p>{{.Place}}</p>
{{end}}<p style="color: #555; font-size: 14px;">{{.Expiry}}</p>
<p style="color: #777; font-size: 13px;">{{.Footer}}</p>
</body></html>
`))

type resetData struct {
	Lang, Subject, Greeting, Intro, Button, Place, Expiry, Footer, URL string
}

// oneLine keeps a name on one line (it goes into the greeting).
// resetMail is the password reset e-mail in lang ("en" or Spanish). Names
// are escaped in the HTML part.
//
// The link's expiry is written in the restaurant's locale and time zone
// (pais, zona: see clientes.Where) when the link is a restaurant's, in UTC
// when it is no restaurant's (pais "").
func resetMail(lang string, t ResetTarget, link string, expires time.Time, pais, zona string) mail.Message {
	name, place := mail.OneLine(t.Name), mail.OneLine(t.Place)
	when := func(lang, layout string) string {
		if pais == "" {
			return expires.UTC().Format(layout) + " (UTC)"
		}
		return locale.Moment(expires, pais, zona, lang)
	}
	d := resetData{Lang: "es", URL: link,
		Subject:  "Restablece tu contraseña de Carta",
		Greeting: "Hola,",
		Intro:    "Recibimos una solicitud para restablecer la contraseña de la cuenta de Carta de " + t.Email + ". Para elegir una contraseña nueva, abre este enlace:",
		Button:   "Elegir una contraseña nueva",
		Expiry: "El enlace sirve una sola vez y caduca en una hora, el " + when("es", "02/01/2006 15:04") +
			". Al cambiar la contraseña se cierran todas las sesiones abiertas de la cuenta.",
		Footer: "Si no lo pediste tú, ignora este correo: tu contraseña no cambia.",
	}
	if name != "" {
		d.Greeting = "Hola " + name + ","
	}
	if place != "" {
		d.Place = "Después volverás a " + place + "."
	}
	if lang == "en" {
		d = resetData{Lang: "en", URL: link,
			Subject:  "Reset your Carta password",
			Greeting: "Hello,",
			Intro:    "We received a request to reset the password of the Carta account of " + t.Email + ". To choose a new password, open this link:",
			Button:   "Choose a new password",
			Expiry: "The link works once and expires in one hour, on " + when("en", "2006-01-02 15:04") +
				". Changing the password signs the account out everywhere.",
			Footer: "If you did not ask for this, ignore this e-mail: your password stays the same.",
		}
		if name != "" {
			d.Greeting = "Hello " + name + ","
		}
		if place != "" {
			d.Place = "Afterwards you will be back at " + place + "."
		}
	}
	var b bytes.Buffer
	if err := resetHTML.Execute(&b, d); err != nil {
		panic("auth: reset template: " + err.Error()) // static template: cannot fail
	}
	text := d.Greeting + "\n\n" + d.Intro + "\n\n" + link + "\n\n"
	if d.Place != "" {
		text += d.Place + "\n\n"
	}
	text += d.Expiry + "\n\n-- \n" + d.Footer + "\n"
	return mail.Message{Subject: d.Subject, Text: text, HTML: b.String()}
}
