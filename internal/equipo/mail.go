package equipo

import (
	"bytes"
	"html/template"
	"time"

	"carta/internal/locale"
	"carta/internal/mail"
	"carta/internal/tenant"
)

var inviteHTML = template.Must(template.New("invite").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
<p>{{.Greeting}}</p>
<p>{{.Intro}}</p>
<p><a href="{{.URL}}" style="display: inline-block; padding: 10px 18px; background: #b3202a; color: #fff; text-decoration: none; border-radius: 6px;">{{.Button}}</a></p>
<p style="color: #555; font-size: 14px;">{{.Expiry}}</p>
<p style="color: #777; font-size: 13px;">{{.Footer}}</p>
</body></html>
`))

type inviteData struct {
	Lang, Subject, Greeting, Intro, Button, Expiry, Footer, URL string
}

var roleNames = map[string]map[tenant.StaffRole]string{
	"es": {tenant.Propietario: "propietario", tenant.Gerente: "gerente", tenant.Cocina: "cocina", tenant.Mesero: "mesero"},
	"en": {tenant.Propietario: "owner", tenant.Gerente: "manager", tenant.Cocina: "kitchen", tenant.Mesero: "waiter"},
}

// inviteMail is the invitation e-mail in the restaurant's language; the
// link's expiry in the restaurant's locale and time zone.
func inviteMail(lang, nombre string, r tenant.StaffRole, link string, expires time.Time, pais, zona string) mail.Message {
	d := inviteData{Lang: "es", URL: link,
		Subject:  "Te invitaron al equipo de " + nombre + " en Carta",
		Greeting: "Hola,",
		Intro:    "Te invitaron a unirte al equipo de " + nombre + " en Carta con el rol de " + roleNames["es"][r] + ". Para aceptar, abre el enlace:",
		Button:   "Aceptar la invitación",
		Expiry:   "El enlace sirve una sola vez y caduca el " + locale.Moment(expires, pais, zona, "es") + ". Si caduca, pide uno nuevo al propietario del restaurante.",
		Footer:   "Si no esperabas este correo, ignóralo: nadie puede unirse sin este enlace.",
	}
	if lang == "en" {
		d = inviteData{Lang: "en", URL: link,
			Subject:  "You are invited to " + nombre + "'s team on Carta",
			Greeting: "Hello,",
			Intro:    "You are invited to join " + nombre + "'s team on Carta as " + roleNames["en"][r] + ". To accept, open the link:",
			Button:   "Accept the invitation",
			Expiry:   "The link works once and expires on " + locale.Moment(expires, pais, zona, "en") + ". If it expires, ask the restaurant's owner for a new one.",
			Footer:   "If you did not expect this e-mail, ignore it: nobody can join without this link.",
		}
	}
	var b bytes.Buffer
	if err := inviteHTML.Execute(&b, d); err != nil {
		panic("equipo: invitation template: " + err.Error()) // static template: cannot fail
	}
	text := d.Greeting + "\n\n" + d.Intro + "\n\n" + link + "\n\n" + d.Expiry + "\n\n-- \n" + d.Footer + "\n"
	return mail.Message{Subject: d.Subject, Text: text, HTML: b.String()}
}
