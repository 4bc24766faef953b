// Command fakeollama runs the scripted Ollama-compatible server for tests
// written outside Go (editor and ACP harnesses). It prints "127.0.0.1:PORT"
// as its first line on stdout and serves until SIGINT, SIGTERM or the end of
// its standard input.
package main

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/loopls/loopls/internal/fakeollama"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on (loopback only)")
	watchStdin := flag.Bool("stdin", true, "exit when standard input, if it is a pipe, ends")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		slog.Error("listen", "err", err)
		os.Exit(1)
	}
	srv := fakeollama.Serve(ln, fakeollama.Options{})
	fmt.Println(srv.Host)

	stop := make(chan struct{}, 2)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	go func() { <-sig; stop <- struct{}{} }()
	// Only a pipe is watched: a harness that started us with "&" gave us
	// /dev/null, whose immediate end means nothing.
	if fi, err := os.Stdin.Stat(); *watchStdin && err == nil && fi.Mode()&os.ModeNamedPipe != 0 {
		go func() { _, _ = io.Copy(io.Discard, os.Stdin); stop <- struct{}{} }()
	}
	<-stop
	srv.Close()
}
