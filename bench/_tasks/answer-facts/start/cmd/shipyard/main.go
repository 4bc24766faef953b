package main

import (
	"log"

	"example.com/shipyard/internal/server"
)

func main() {
	log.Fatal(server.ListenAndServe(server.Port()))
}
