package mail

import (
	"bytes"
	"html/template"
	"strings"
)

var welcomeHTML = template.Must(template.New("welcome").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
<h1 style="font-size: 22px;">{{.Greeting}}</h1>
{{range .Paragraphs}}<p>{{.}}</p>
{{end}}<p style="color: #777; font-size: 13px;">{{.Footer}}</p>
</body>
</html>
`))

type welcomeData struct {
	Lang, Subject, Greeting, Footer string
	Paragraphs                      []string
}

// Welcome is the e-mail a new user receives: Spanish by default, English
// when lang is "en". nombre is escaped in the HTML part.
func Welcome(lang, nombre string) Message {
	nombre = OneLine(nombre)
	var d welcomeData
	if strings.EqualFold(strings.TrimSpace(lang), "en") {
		d = welcomeData{
			Lang:     "en",
			Subject:  "Welcome to Carta, " + nombre + "!",
			Greeting: "Hi " + nombre + ",",
			Paragraphs: []string{
				"Your Carta account is ready.",
				"Browse your favourite restaurants' menus, order online for pickup, buy offers and collect points with every purchase.",
			},
			Footer: "You received this e-mail because an account was created with this address. If it wasn't you, you can ignore it.",
		}
	} else {
		d = welcomeData{
			Lang:     "es",
			Subject:  "¡Bienvenido a Carta, " + nombre + "!",
			Greeting: "Hola " + nombre + ",",
			Paragraphs: []string{
				"Tu cuenta de Carta ya está lista.",
				"Consulta la carta de tus restaurantes favoritos, haz pedidos para recoger, compra ofertas y acumula puntos con cada compra.",
			},
			Footer: "Recibes este correo porque se creó una cuenta con esta dirección. Si no fuiste tú, puedes ignorarlo.",
		}
	}
	var text strings.Builder
	text.WriteString(d.Greeting + "\n\n")
	for _, p := range d.Paragraphs {
		text.WriteString(p + "\n\n")
	}
	text.WriteString("-- \n" + d.Footer + "\n")
	var html bytes.Buffer
	if err := welcomeHTML.Execute(&html, d); err != nil {
		panic("mail: welcome template: " + err.Error()) // static template and data: cannot fail
	}
	return Message{Subject: d.Subject, Text: text.String(), HTML: html.String()}
}
