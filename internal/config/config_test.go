package config

import (
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
	if c.Addr != ":8080" || c.DataDir != "./data" || c.DatabaseURL != "data/carta.db" || c.Demo || c.SessionTTL != 168*time.Hour || c.IsPostgres() {
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
}

func TestValidation(t *testing.T) {
	for name, vars := range map[string]map[string]string{
		"bad addr":     {"CARTA_ADDR": "nonsense"},
		"bad port":     {"CARTA_ADDR": ":99999"},
		"bad base url": {"CARTA_BASE_URL": "carta.example"},
		"bad format":   {"CARTA_LOG_FORMAT": "xml"},
		"bad level":    {"CARTA_LOG_LEVEL": "loud"},
		"bad demo":     {"CARTA_DEMO": "maybe"},
		"bad ttl":      {"CARTA_SESSION_TTL": "1s"},
		"bad metrics":  {"CARTA_METRICS_ADDR": "nowhere"},
		"bad proxies":  {"CARTA_TRUSTED_PROXIES": "10.0.0.0/99"},
		"bad regs":     {"CARTA_REGISTER_PER_ADDRESS": "0"},
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
