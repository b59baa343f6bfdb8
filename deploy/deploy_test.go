// Package deploy holds the deployment recipes (systemd unit, reverse
// proxies, container image); its tests keep them in step with the Makefile,
// go.mod and the configuration, since neither docker nor systemd runs here.
package deploy

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"carta/internal/config"
)

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// instruction is one Dockerfile instruction, continuation lines joined.
type instruction struct{ op, args string }

func parseDockerfile(t *testing.T, text string) []instruction {
	t.Helper()
	var out []instruction
	var cur string
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		if cur == "" && (trimmed == "" || strings.HasPrefix(trimmed, "#")) {
			continue
		}
		if strings.HasSuffix(trimmed, `\`) {
			cur += strings.TrimSuffix(trimmed, `\`) + " "
			continue
		}
		cur += trimmed
		op, args, _ := strings.Cut(cur, " ")
		out = append(out, instruction{strings.ToUpper(op), strings.TrimSpace(args)})
		cur = ""
	}
	if cur != "" {
		t.Fatalf("Dockerfile ends inside a continued line: %q", cur)
	}
	return out
}

// makeRecipe returns the commands of a Makefile target, with $(GO) and
// $(WEB) expanded and a leading "cd web &&" dropped.
func makeRecipe(t *testing.T, makefile, target string) []string {
	t.Helper()
	lines := strings.Split(makefile, "\n")
	var out []string
	for i, l := range lines {
		if !strings.HasPrefix(l, target+":") {
			continue
		}
		for _, r := range lines[i+1:] {
			if !strings.HasPrefix(r, "\t") {
				break
			}
			cmd := strings.NewReplacer("$(GO)", "go", "$(WEB)", "web").Replace(strings.TrimSpace(r))
			cmd = strings.TrimPrefix(cmd, "cd web && ")
			out = append(out, cmd)
		}
		return out
	}
	t.Fatalf("no target %s in the Makefile", target)
	return nil
}

func TestDockerfile(t *testing.T) {
	ins := parseDockerfile(t, read(t, "Dockerfile"))
	known := []string{"FROM", "RUN", "COPY", "ADD", "WORKDIR", "ENV", "ARG", "EXPOSE", "VOLUME", "USER", "ENTRYPOINT", "CMD", "LABEL", "HEALTHCHECK", "SHELL", "STOPSIGNAL", "ONBUILD"}
	var stages []string
	var runs []string
	var last []instruction // the final stage's instructions
	for _, in := range ins {
		if !slices.Contains(known, in.op) {
			t.Fatalf("unknown instruction %s %s", in.op, in.args)
		}
		switch in.op {
		case "FROM":
			f := strings.Fields(in.args)
			if len(f) == 3 && strings.EqualFold(f[1], "AS") {
				stages = append(stages, f[2])
			} else if len(f) != 1 {
				t.Fatalf("FROM %s", in.args)
			}
			last = nil
		case "RUN":
			runs = append(runs, in.args)
		case "COPY":
			if m := regexp.MustCompile(`--from=(\S+)`).FindStringSubmatch(in.args); m != nil && !slices.Contains(stages, m[1]) {
				t.Fatalf("COPY --from=%s names no earlier stage (%v)", m[1], stages)
			}
		}
		last = append(last, in)
	}
	if len(ins) == 0 || ins[0].op != "FROM" {
		t.Fatal("the Dockerfile does not start with FROM")
	}

	// The Makefile's build commands, in the order it runs them.
	mk := read(t, "../Makefile")
	want := append(makeRecipe(t, mk, "$(WEB)/node_modules/.installed")[:1], makeRecipe(t, mk, "web")...)
	want = append(want, makeRecipe(t, mk, "build")...)
	i := 0
	for _, w := range want {
		if strings.HasPrefix(w, "go build") {
			// Same package; the image adds static-build flags and its own output path.
			pkg := w[strings.LastIndex(w, " ")+1:]
			for i < len(runs) && !(strings.Contains(runs[i], "go build") && strings.HasSuffix(runs[i], " "+pkg)) {
				i++
			}
		} else {
			for i < len(runs) && runs[i] != w {
				i++
			}
		}
		if i == len(runs) {
			t.Fatalf("the Makefile's %q is not a RUN of the Dockerfile (in order); RUNs: %q", w, runs)
		}
	}

	// The Go image is go.mod's version.
	goMod := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindStringSubmatch(read(t, "../go.mod"))
	if goMod == nil {
		t.Fatal("no go line in go.mod")
	}
	if !slices.ContainsFunc(ins, func(in instruction) bool {
		return in.op == "FROM" && strings.HasPrefix(in.args, "golang:"+goMod[1]+"-")
	}) {
		t.Fatalf("no FROM golang:%s-... stage", goMod[1])
	}

	// The image runs distroless, as a non-root user, the serve command.
	final := map[string]string{}
	for _, in := range last {
		final[in.op] = in.args
	}
	if !strings.HasPrefix(final["FROM"], "gcr.io/distroless/") || !strings.HasSuffix(final["FROM"], ":nonroot") {
		t.Fatalf("final stage FROM %s: want distroless nonroot", final["FROM"])
	}
	if u := final["USER"]; u == "" || strings.HasPrefix(u, "root") || strings.HasPrefix(u, "0") {
		t.Fatalf("final stage USER %q", u)
	}
	if final["CMD"] != `["serve"]` || !strings.Contains(final["ENTRYPOINT"], "carta") {
		t.Fatalf("ENTRYPOINT %s CMD %s", final["ENTRYPOINT"], final["CMD"])
	}
	checkVars(t, "Dockerfile", final["ENV"])
}

// checkVars fails when text names a CARTA_ variable the configuration does
// not know (a typo in a recipe is a setting silently ignored).
func checkVars(t *testing.T, file, text string) {
	t.Helper()
	known := map[string]bool{}
	for _, v := range config.Vars {
		for _, name := range regexp.MustCompile(`CARTA_[A-Z0-9_]+`).FindAllString(v.Name, -1) {
			known[name] = true
		}
	}
	for _, name := range regexp.MustCompile(`CARTA_[A-Z0-9_]*[A-Z0-9](_\*)?`).FindAllString(text, -1) {
		if prefix, ok := strings.CutSuffix(name, "*"); ok { // CARTA_S3_*: some variable begins so
			ok = false
			for k := range known {
				ok = ok || strings.HasPrefix(k, prefix)
			}
			if !ok {
				t.Errorf("%s names %s, and no configuration variable begins so", file, name)
			}
			continue
		}
		if !known[name] && !strings.HasPrefix(name, "CARTA_TEST_") {
			t.Errorf("%s names %s, which is not a configuration variable", file, name)
		}
	}
}

func TestSystemdUnit(t *testing.T) {
	unit := read(t, "carta.service")
	for _, want := range []string{"DynamicUser=yes", "ProtectSystem=strict", "Restart=on-failure", "StateDirectory=carta",
		"NoNewPrivileges=yes", "CapabilityBoundingSet=\n", "Environment=CARTA_DATA_DIR=/var/lib/carta", "ExecStart=/usr/local/bin/carta serve"} {
		if !strings.Contains(unit, want) {
			t.Errorf("carta.service lacks %q", want)
		}
	}
	checkVars(t, "carta.service", unit)
}

// The proxies send to the address the unit listens on.
func TestProxies(t *testing.T) {
	addr := regexp.MustCompile(`Environment=CARTA_ADDR=(\S+)`).FindStringSubmatch(read(t, "carta.service"))
	if addr == nil {
		t.Fatal("the unit sets no CARTA_ADDR")
	}
	if c := read(t, "Caddyfile"); !strings.Contains(c, "reverse_proxy "+addr[1]) {
		t.Errorf("Caddyfile does not proxy to %s", addr[1])
	}
	if n := read(t, "nginx.conf"); !strings.Contains(n, "server "+addr[1]+";") {
		t.Errorf("nginx.conf does not proxy to %s", addr[1])
	}
	for _, f := range []string{"Caddyfile", "nginx.conf"} {
		checkVars(t, f, read(t, f))
	}
}

// The guide names only real variables and real files of the repository
// (sibling documents may come from other branches).
func TestDeployGuide(t *testing.T) {
	guide := read(t, "../docs/deploy.md")
	checkVars(t, "docs/deploy.md", guide)
	for _, m := range regexp.MustCompile(`\((\.\./[^)#\s]+)\)`).FindAllStringSubmatch(guide, -1) {
		if _, err := os.Stat(filepath.Join("../docs", m[1])); err != nil {
			t.Errorf("docs/deploy.md links to %s: %v", m[1], err)
		}
	}
}
