package server

import (
	"os"
	"strconv"
)

// defaultPort is where shipyard listens unless the environment says
// otherwise. (It was 8080 until it clashed with every other dev server.)
const defaultPort = 7311

// portEnv names the variable that overrides defaultPort.
const portEnv = "SHIPYARD_LISTEN_PORT"

// Port is the port to listen on.
func Port() int {
	if v, err := strconv.Atoi(os.Getenv(portEnv)); err == nil && v > 0 {
		return v
	}
	return defaultPort
}
