package campaigns

import (
	"context"
	"html"
	"strings"

	"carta/internal/clientes"
	"carta/internal/tenant"
)

// Rendered is a campaign's message for one person: an e-mail's subject,
// text and HTML (with the unsubscribe link), or a WhatsApp template's
// variables.
type Rendered struct {
	Asunto    string   `json:"asunto"`
	Texto     string   `json:"texto"`
	HTML      string   `json:"html"`
	Plantilla string   `json:"plantilla"`
	Variables []string `json:"variables"`
}

// footers are the e-mail's footer in each language: why they get it, and
// the visible unsubscribe link.
var footers = map[string]struct{ text, link string }{
	"es": {"Recibes este correo porque aceptaste recibir novedades de %s.", "Darme de baja"},
	"en": {"You receive this e-mail because you agreed to hear from %s.", "Unsubscribe"},
}

// render fills f's placeholders with the person's name and the
// restaurant's, and adds an e-mail's footer with the unsubscribe link
// (baja, the page that confirms).
func render(f Form, nombre, restaurante, baja string) Rendered {
	rep := strings.NewReplacer("{nombre}", nombre, "{restaurante}", restaurante)
	out := Rendered{Variables: []string{}}
	if f.Canal == ChannelWhatsApp {
		out.Plantilla = f.Plantilla
		for _, v := range f.Variables {
			out.Variables = append(out.Variables, rep.Replace(v))
		}
		out.Texto = "[" + f.Plantilla + "] " + strings.Join(out.Variables, " · ")
		return out
	}
	ft, ok := footers[f.Idioma]
	if !ok {
		ft = footers["es"]
	}
	why := strings.Replace(ft.text, "%s", restaurante, 1)
	body := rep.Replace(f.Cuerpo)
	out.Asunto = rep.Replace(f.Asunto)
	out.Texto = body + "\n\n--\n" + why + "\n" + ft.link + ": " + baja + "\n"
	var b strings.Builder
	for _, para := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n\n") {
		b.WriteString("<p>" + strings.ReplaceAll(html.EscapeString(para), "\n", "<br>") + "</p>\n")
	}
	b.WriteString(`<hr><p style="font-size:12px;color:#666">` + html.EscapeString(why) + ` <a href="` + html.EscapeString(baja) + `">` +
		html.EscapeString(ft.link) + "</a></p>\n")
	out.HTML = b.String()
	return out
}

// Preview is a campaign's message as one real person of its audience
// would read it (Ejemplo: nobody consents yet, an example name is used),
// with how many it reaches now.
type Preview struct {
	Rendered
	Destinatario string `json:"destinatario"`
	Ejemplo      bool   `json:"ejemplo"`
	Total        int    `json:"total"`
}

// examples is the name a preview uses when the audience is empty.
var examples = map[string]string{"es": "Ana", "en": "Anna"}

// Preview renders f for the first person of its audience at restaurant t.
func (s *Service) Preview(ctx context.Context, t tenant.ID, f Form) (Preview, error) {
	if err := check(ctx, s.DB, t, &f); err != nil {
		return Preview{}, err
	}
	c, err := clientes.Get(ctx, s.DB, t)
	if err != nil {
		return Preview{}, err
	}
	total, err := s.Count(ctx, t, f.Canal, f.Audience)
	if err != nil {
		return Preview{}, err
	}
	list, err := recipients(ctx, s.DB, t.Int64(), 0, f.Canal, f.Audience, 1)
	if err != nil {
		return Preview{}, err
	}
	p := Preview{Total: total}
	if len(list) == 1 {
		p.Destinatario = list[0].Nombre
	} else {
		p.Destinatario, p.Ejemplo = examples[f.Idioma], true
	}
	p.Rendered = render(f, p.Destinatario, c.Nombre, s.BaseURL+"/baja?t=…")
	return p, nil
}
