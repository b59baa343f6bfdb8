package config

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	c, _, err := Load("t", nil, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.DataDir != "./data" || c.DatabaseURL != "data/carta.db" || c.Demo || c.SessionTTL != 168*time.Hour || c.IsPostgres() ||
		c.DatabaseMaxConns != 10 {
		t.Fatalf("defaults: %+v", c)
	}
}

func TestEnvAndFlagOverride(t *testing.T) {
	c, rest, err := Load("t", []string{"--addr", "127.0.0.1:9000", "extra"}, env(map[string]string{
		"CARTA_ADDR": ":7000", "CARTA_DEMO": "1", "CARTA_DATABASE_URL": "postgres://u@h/db",
		"CARTA_BASE_URL": "https://carta.example/", "CARTA_LOG_FORMAT": "json",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:9000" || !c.Demo || !c.IsPostgres() || c.BaseURL != "https://carta.example" || c.LogFormat != "json" {
		t.Fatalf("got %+v", c)
	}
	if len(rest) != 1 || rest[0] != "extra" {
		t.Fatalf("rest %v", rest)
	}
	c, _, err = Load("t", nil, env(map[string]string{"CARTA_DATABASE_URL": "postgres://u@a,b/db?target_session_attrs=read-write",
		"CARTA_DATABASE_READ_URL": "postgres://u@b/db"}))
	if err != nil || c.DatabaseReadURL != "postgres://u@b/db" {
		t.Fatalf("read URL: %+v %v", c, err)
	}
	if c, _, err = Load("t", nil, env(map[string]string{"CARTA_DATABASE_MAX_CONNS": "4"})); err != nil || c.DatabaseMaxConns != 4 {
		t.Fatalf("CARTA_DATABASE_MAX_CONNS: %+v %v", c, err)
	}
}

func TestValidation(t *testing.T) {
	for name, vars := range map[string]map[string]string{
		"bad addr":                  {"CARTA_ADDR": "nonsense"},
		"bad port":                  {"CARTA_ADDR": ":99999"},
		"bad base url":              {"CARTA_BASE_URL": "carta.example"},
		"bad format":                {"CARTA_LOG_FORMAT": "xml"},
		"bad level":                 {"CARTA_LOG_LEVEL": "loud"},
		"read url without postgres": {"CARTA_DATABASE_READ_URL": "postgres://u@replica/db"},
		"read url not postgres":     {"CARTA_DATABASE_URL": "postgres://u@h/db", "CARTA_DATABASE_READ_URL": "replica.db"},
		"bad demo":                  {"CARTA_DEMO": "maybe"},
		"bad ttl":                   {"CARTA_SESSION_TTL": "1s"},
		"bad metrics":               {"CARTA_METRICS_ADDR": "nowhere"},
		"bad proxies":               {"CARTA_TRUSTED_PROXIES": "10.0.0.0/99"},
		"bad regs":                  {"CARTA_REGISTER_PER_ADDRESS": "0"},
		"no connections":            {"CARTA_DATABASE_MAX_CONNS": "0"},
		"bad connections":           {"CARTA_DATABASE_MAX_CONNS": "many"},
	} {
		t.Run(name, func(t *testing.T) {
			_, _, err := Load("t", nil, env(vars))
			if err == nil {
				t.Fatal("accepted")
			}
			for k := range vars {
				if !strings.Contains(err.Error(), k) {
					t.Fatalf("error %q does not name %s", err, k)
				}
			}
		})
	}
}

func TestMetricsAndProxies(t *testing.T) {
	c, _, err := Load("t", nil, env(nil))
	if err != nil || c.MetricsAddr != "127.0.0.1:9090" || len(c.TrustedProxies) != 0 || c.RegisterPerAddress != 10 {
		t.Fatalf("defaults: %+v %v", c, err)
	}
	c, _, err = Load("t", nil, env(map[string]string{"CARTA_METRICS_ADDR": "off", "CARTA_TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7,::1"}))
	if err != nil || c.MetricsAddr != "off" || len(c.TrustedProxies) != 3 || c.TrustedProxies[1].String() != "192.168.1.7/32" || c.TrustedProxies[2].String() != "::1/128" {
		t.Fatalf("got %+v %v", c.TrustedProxies, err)
	}
}

func TestMediaURL(t *testing.T) {
	c, _, err := Load("t", nil, env(map[string]string{"CARTA_DATA_DIR": "/srv/carta"}))
	if err != nil || c.MediaURL != "/srv/carta/media" {
		t.Fatalf("default: %q %v", c.MediaURL, err)
	}
	if _, _, ok := c.MediaS3(); ok {
		t.Fatal("a folder read as S3")
	}
	c, _, err = Load("t", nil, env(map[string]string{"CARTA_MEDIA_URL": "s3://carta-media/prod/uploads/", "CARTA_S3_ENDPOINT": "http://minio:9000",
		"CARTA_S3_PATH_STYLE": "1", "CARTA_S3_REGION": "auto", "AWS_ACCESS_KEY_ID": "id", "AWS_SECRET_ACCESS_KEY": "secret"}))
	if err != nil {
		t.Fatal(err)
	}
	if b, p, ok := c.MediaS3(); !ok || b != "carta-media" || p != "prod/uploads" || !c.S3PathStyle || c.S3Region != "auto" || c.S3AccessKey != "id" || c.S3SecretKey != "secret" {
		t.Fatalf("s3: %q %q %v %+v", b, p, ok, c)
	}
	if b, p, ok := (Config{MediaURL: "s3://bucket"}).MediaS3(); !ok || b != "bucket" || p != "" {
		t.Fatalf("bucket only: %q %q %v", b, p, ok)
	}
	for name, vars := range map[string]map[string]string{
		"no bucket":       {"CARTA_MEDIA_URL": "s3:///prefix"},
		"bad bucket":      {"CARTA_MEDIA_URL": "s3://Bad_Bucket/x"},
		"other scheme":    {"CARTA_MEDIA_URL": "gs://bucket/x"},
		"endpoint path":   {"CARTA_S3_ENDPOINT": "http://minio:9000/bucket"},
		"endpoint scheme": {"CARTA_S3_ENDPOINT": "minio:9000"},
		"path style":      {"CARTA_S3_PATH_STYLE": "sometimes"},
	} {
		if _, _, err := Load("t", nil, env(vars)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, _, err := Load("t", nil, env(map[string]string{"AWS_ACCESS_KEY_ID": "id"})); err == nil || !strings.Contains(err.Error(), "AWS_SECRET_ACCESS_KEY") {
		t.Fatalf("key without secret: %v", err)
	}
}

// The README's configuration table and Vars name the same variables.
func TestREADMETable(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`\b(CARTA|AWS)_[A-Z0-9_]*[A-Z0-9]\b`)
	inTable := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		if first, _, ok := strings.Cut(strings.TrimPrefix(line, "| "), " |"); ok && strings.HasPrefix(line, "| `") {
			for _, n := range name.FindAllString(first, -1) {
				inTable[n] = true
			}
		}
	}
	inVars := map[string]bool{}
	for _, v := range Vars {
		for _, n := range name.FindAllString(v.Name, -1) {
			inVars[n] = true
			if !inTable[n] {
				t.Errorf("%s is in config.Vars but not in the README's table", n)
			}
		}
	}
	for n := range inTable {
		if !inVars[n] {
			t.Errorf("%s is in the README's table but not in config.Vars", n)
		}
	}
}

func TestMessagingProviders(t *testing.T) {
	c, _, err := Load("t", nil, env(nil))
	if err != nil || c.WhatsAppEnabled() || c.TwilioEnabled() || c.WhatsAppAPIURL != "https://graph.facebook.com" ||
		c.WhatsAppAPIVersion != "v21.0" || c.TwilioAPIURL != "https://api.twilio.com" {
		t.Fatalf("defaults: %+v %v", c, err)
	}
	c, _, err = Load("t", nil, env(map[string]string{
		"CARTA_WHATSAPP_TOKEN": "EAAsecret", "CARTA_WHATSAPP_PHONE_NUMBER_ID": "1065", "CARTA_WHATSAPP_APP_SECRET": "appsecret",
		"CARTA_WHATSAPP_VERIFY_TOKEN": "vt", "CARTA_WHATSAPP_API_URL": "http://127.0.0.1:9/", "CARTA_WHATSAPP_API_VERSION": "v22.0",
		"CARTA_TWILIO_ACCOUNT_SID": "AC1", "CARTA_TWILIO_AUTH_TOKEN": "twsecret", "CARTA_TWILIO_MESSAGING_SERVICE_SID": "MG1",
		"CARTA_TWILIO_API_URL": "http://127.0.0.1:8/"}))
	if err != nil || !c.WhatsAppEnabled() || !c.TwilioEnabled() || c.WhatsAppToken != "EAAsecret" || c.WhatsAppPhoneNumberID != "1065" ||
		c.WhatsAppAppSecret != "appsecret" || c.WhatsAppVerifyToken != "vt" || c.WhatsAppAPIURL != "http://127.0.0.1:9" ||
		c.WhatsAppAPIVersion != "v22.0" || c.TwilioAccountSID != "AC1" || c.TwilioAuthToken != "twsecret" ||
		c.TwilioMessagingServiceSID != "MG1" || c.TwilioAPIURL != "http://127.0.0.1:8" {
		t.Fatalf("got %+v %v", c, err)
	}
	for name, vars := range map[string]map[string]string{
		"token without number":   {"CARTA_WHATSAPP_TOKEN": "EAAsecret"},
		"number without token":   {"CARTA_WHATSAPP_PHONE_NUMBER_ID": "1065"},
		"bad graph url":          {"CARTA_WHATSAPP_API_URL": "graph.facebook.com"},
		"bad version":            {"CARTA_WHATSAPP_API_VERSION": "21"},
		"sid without token":      {"CARTA_TWILIO_ACCOUNT_SID": "AC1", "CARTA_TWILIO_FROM": "+15005550006"},
		"token without sid":      {"CARTA_TWILIO_AUTH_TOKEN": "twsecret"},
		"account without sender": {"CARTA_TWILIO_ACCOUNT_SID": "AC1", "CARTA_TWILIO_AUTH_TOKEN": "twsecret"},
		"bad twilio url":         {"CARTA_TWILIO_API_URL": "ftp://api.twilio.com"},
	} {
		_, _, err := Load("t", nil, env(vars))
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		// Errors name the variables, never the secrets' values.
		if strings.Contains(err.Error(), "EAAsecret") || strings.Contains(err.Error(), "twsecret") {
			t.Errorf("%s: the error shows a secret: %v", name, err)
		}
	}
	// Secrets are not flags (flags show in process lists).
	if _, _, err := Load("t", []string{"--whatsapp-token", "x"}, env(nil)); err == nil {
		t.Error("a secret was accepted as a flag")
	}
}
