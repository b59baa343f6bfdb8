// Command carta is Carta's single binary: the API server with the web app
// embedded, plus its maintenance commands.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"carta/internal/app"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := app.Run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "carta:", err)
		os.Exit(1)
	}
}
