// Command baseline serves a fixed 1 KB JSON document with plain net/http:
// the yardstick the menu API benchmark compares against (bench/menu.sh).
package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"
	"strings"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18090", "listen address")
	flag.Parse()
	// A JSON document of exactly 1024 bytes.
	body := []byte(`{"data":"` + strings.Repeat("x", 1024-len(`{"data":""}`)) + `"}`)
	if len(body) != 1024 {
		log.Fatalf("body is %d bytes", len(body))
	}
	http.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	})
	fmt.Println("baseline listening on", *addr)
	log.Fatal(http.ListenAndServe(*addr, nil))
}
