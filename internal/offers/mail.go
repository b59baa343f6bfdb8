package offers

import (
	"bytes"
	"fmt"
	"html/template"

	"carta/internal/locale"
	"carta/internal/mail"
	"carta/internal/money"
)

// title is the offer's title in the language the diner bought in: the
// English one when there was one, else the Spanish.
func (c CompraRecord) title() string {
	if c.Idioma == "en" && c.DescripcionEN != "" {
		return c.DescripcionEN
	}
	return c.Descripcion
}

// purchaseTexts are the coupon e-mails' sentences per language; the
// placeholders are filled in the order of the mail functions' arguments.
var purchaseTexts = map[string]map[string]string{
	"es": {
		"hola":            "Hola %s,",
		"receiptSubject":  "Tu cupón: %s",
		"receiptPaid":     "Tu pago de %s por %s se procesó correctamente.",
		"receiptCode":     "Tu código de cupón es %s. Muéstralo en el restaurante para canjearlo.",
		"receiptLink":     "Ver mis compras",
		"refundSubject":   "Reembolso de tu pago: %s",
		"refundPaid":      "Recibimos tu pago de %s por %s, pero la oferta se agotó antes de que terminara el pago, así que no pudimos emitir tu cupón.",
		"refundReimburse": "Te reembolsaremos el pago completo en tu tarjeta. No tienes que hacer nada.",
		"refundedSubject": "Te reembolsamos tu pago: %s",
		"refundedDone":    "Te reembolsamos %s de tu pago por %s en la tarjeta con la que pagaste. Según tu banco, puede tardar unos días en verse en tu cuenta.",
	},
	"en": {
		"hola":            "Hi %s,",
		"receiptSubject":  "Your coupon: %s",
		"receiptPaid":     "Your payment of %s for %s went through.",
		"receiptCode":     "Your coupon code is %s. Show it at the restaurant to redeem it.",
		"receiptLink":     "See my purchases",
		"refundSubject":   "Refund of your payment: %s",
		"refundPaid":      "We received your payment of %s for %s, but the offer sold out before the payment finished, so we could not issue your coupon.",
		"refundReimburse": "We will refund the full payment to your card. You do not need to do anything.",
		"refundedSubject": "We refunded your payment: %s",
		"refundedDone":    "We refunded %s of your payment for %s to the card you paid with. Depending on your bank, it may take a few days to show in your account.",
	},
}

func textsFor(lang string) map[string]string {
	if t, ok := purchaseTexts[lang]; ok {
		return t
	}
	return purchaseTexts["es"]
}

// strong marks a value bold inside an HTML sentence (the value escaped).
func strong(v string) template.HTML {
	return template.HTML("<strong>" + template.HTMLEscapeString(v) + "</strong>")
}

// sentence fills an HTML sentence's placeholders with escaped, bold values.
func sentence(format string, vals ...string) template.HTML {
	args := make([]any, len(vals))
	for i, v := range vals {
		args[i] = strong(v)
	}
	return template.HTML(fmt.Sprintf(template.HTMLEscapeString(format), args...))
}

var receiptHTML = template.Must(template.New("r").Parse(`<p>{{.Hola}}</p>
<p>{{.Paid}}</p>
<p>{{.Code}}</p>
<p><a href="{{.URL}}">{{.Link}}</a></p>`))

// ReceiptMail is the e-mail a diner gets when a coupon is paid, in lang
// ("en" or Spanish); amounts in the restaurant's currency, as its country
// (pais) writes them.
func ReceiptMail(lang, nombre, titulo, code string, total int64, currency, pais, baseURL string) mail.Message {
	t := textsFor(lang)
	amount, url := money.Format(total, currency, locale.Tag(pais, lang)), baseURL+"/usuario/mis-compras"
	var b bytes.Buffer
	_ = receiptHTML.Execute(&b, map[string]any{
		"Hola": fmt.Sprintf(t["hola"], nombre), "Paid": sentence(t["receiptPaid"], amount, titulo),
		"Code": sentence(t["receiptCode"], code), "URL": url, "Link": t["receiptLink"],
	})
	return mail.Message{
		Subject: fmt.Sprintf(t["receiptSubject"], titulo),
		Text: fmt.Sprintf(t["hola"], nombre) + "\n\n" + fmt.Sprintf(t["receiptPaid"], amount, titulo) + "\n" +
			fmt.Sprintf(t["receiptCode"], code) + "\n\n" + t["receiptLink"] + ": " + url + "\n",
		HTML: b.String(),
	}
}

var refundHTML = template.Must(template.New("rf").Parse(`<p>{{.Hola}}</p>
<p>{{.Paid}}</p>
<p>{{.Reimburse}}</p>`))

// RefundMail tells a diner, in lang, that a payment will be refunded
// because the offer sold out while they paid.
func RefundMail(lang, nombre, titulo string, total int64, currency, pais string) mail.Message {
	t := textsFor(lang)
	amount := money.Format(total, currency, locale.Tag(pais, lang))
	var b bytes.Buffer
	_ = refundHTML.Execute(&b, map[string]any{
		"Hola": fmt.Sprintf(t["hola"], nombre), "Paid": sentence(t["refundPaid"], amount, titulo), "Reimburse": t["refundReimburse"],
	})
	return mail.Message{
		Subject: fmt.Sprintf(t["refundSubject"], titulo),
		Text: fmt.Sprintf(t["hola"], nombre) + "\n\n" + fmt.Sprintf(t["refundPaid"], amount, titulo) + "\n" +
			t["refundReimburse"] + "\n",
		HTML: b.String(),
	}
}

var refundDoneHTML = template.Must(template.New("rd").Parse(`<p>{{.Hola}}</p>
<p>{{.Done}}</p>
<p><a href="{{.URL}}">{{.Link}}</a></p>`))

// RefundDoneMail tells a diner, in lang, that the payment of a purchase that could not be
// honoured was refunded.
func RefundDoneMail(lang, nombre, titulo string, total int64, currency, pais, baseURL string) mail.Message {
	t := textsFor(lang)
	amount, url := money.Format(total, currency, locale.Tag(pais, lang)), baseURL+"/usuario/mis-compras"
	var b bytes.Buffer
	_ = refundDoneHTML.Execute(&b, map[string]any{
		"Hola": fmt.Sprintf(t["hola"], nombre), "Done": sentence(t["refundedDone"], amount, titulo), "URL": url, "Link": t["receiptLink"],
	})
	return mail.Message{
		Subject: fmt.Sprintf(t["refundedSubject"], titulo),
		Text: fmt.Sprintf(t["hola"], nombre) + "\n\n" + fmt.Sprintf(t["refundedDone"], amount, titulo) + "\n\n" +
			t["receiptLink"] + ": " + url + "\n",
		HTML: b.String(),
	}
}
