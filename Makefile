# Carta: `make run` starts the app with demo data on SQLite; `make test` runs every test.
SHELL := /bin/bash
GO    ?= go
WEB   := web
BIN   := bin/carta
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: all build run test test-go test-fuzz test-faults test-web test-e2e web deps-web deps-browser vet clean

all: build

## deps-web: install the web app's npm packages when package-lock.json changed
deps-web: $(WEB)/node_modules/.installed
$(WEB)/node_modules/.installed: $(WEB)/package.json $(WEB)/package-lock.json
	cd $(WEB) && npm ci --no-audit --no-fund
	touch $@

## deps-browser: Debian's chromium and its colour emoji font for the browser
## tests (each installed when missing; without the font ✅/❌ render as boxes)
deps-browser:
	@missing=; \
	command -v chromium >/dev/null 2>&1 || missing="chromium"; \
	dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || missing="$$missing fonts-noto-color-emoji"; \
	if [ -n "$$missing" ]; then \
	  echo "installing for the browser tests:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

## web: build the React app into web/dist (embedded into the binary)
web: deps-web
	cd $(WEB) && npm run build

## build: bin/carta with the web app embedded
build: web
	$(GO) build -o $(BIN) ./cmd/carta

## run: start on http://localhost:8080 with demo data on SQLite
run: build
	CARTA_DEMO=1 ./$(BIN) serve

## vet: go vet and staticcheck (pinned in go.mod as a tool; its default checks)
vet: web
	$(GO) vet ./...
	$(GO) tool staticcheck ./...

## test: every test — Go (SQLite, and PostgreSQL when CARTA_TEST_POSTGRES_URL is set), a short run of each fuzz target, Vitest, Playwright
test: build vet test-go test-fuzz test-web test-e2e

test-go: web
	$(GO) test -count=1 -timeout 30m ./...

## test-fuzz: a short run of each fuzz target (scripts/fuzz.sh lists them and their times; FUZZTIME overrides)
test-fuzz: web
	GO=$(GO) ./scripts/fuzz.sh

## test-faults: the long versions of the fault and replica scenarios (internal/faulttest: kill -9,
## misbehaving providers, the database going away, two replicas); `make test` runs bounded ones.
## Also the standby scenarios (a PostgreSQL primary killed and its synchronous standby promoted,
## a read replica that lags): they make their own clusters with Debian's pg_createcluster on
## ports 5441-5442, so they need root and skip without it; `make test` runs their bounded
## versions when CARTA_TEST_STANDBY=1 (CI's .ci/run sets it)
test-faults: web
	CARTA_FAULTS_LONG=1 $(GO) test -count=1 -timeout 30m -v ./internal/faulttest/

## test-web: ESLint (incl. the feature boundaries), the API types against openapi.json, Vitest
test-web: deps-web
	cd $(WEB) && npm run lint && npm run api:check && npm test

test-e2e: build deps-browser
	cd $(WEB) && CARTA_BIN=$(CURDIR)/$(BIN) npm run e2e

clean:
	rm -rf bin $(WEB)/dist
