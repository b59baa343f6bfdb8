# Carta: `make run` starts the app with demo data on SQLite; `make test` runs every test.
SHELL := /bin/bash
GO    ?= go
WEB   := web
BIN   := bin/carta
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: all build run test test-go test-web test-e2e web deps-web deps-browser vet clean

all: build

## deps-web: install the web app's npm packages when package-lock.json changed
deps-web: $(WEB)/node_modules/.installed
$(WEB)/node_modules/.installed: $(WEB)/package.json $(WEB)/package-lock.json
	cd $(WEB) && npm ci --no-audit --no-fund
	touch $@

## deps-browser: Debian's chromium for the browser tests (installed when missing)
deps-browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

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

## test: every test — Go (SQLite, and PostgreSQL when CARTA_TEST_POSTGRES_URL is set), Vitest, Playwright
test: build vet test-go test-web test-e2e

test-go: web
	$(GO) test -count=1 ./...

## test-web: ESLint (incl. the feature boundaries), the API types against openapi.json, Vitest
test-web: deps-web
	cd $(WEB) && npm run lint && npm run api:check && npm test

test-e2e: build deps-browser
	cd $(WEB) && CARTA_BIN=$(CURDIR)/$(BIN) npm run e2e

clean:
	rm -rf bin $(WEB)/dist
