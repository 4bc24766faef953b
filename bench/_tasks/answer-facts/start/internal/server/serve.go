package server

import (
	"fmt"
	"net/http"
)

// ListenAndServe serves the artifacts on port.
func ListenAndServe(port int) error {
	return http.ListenAndServe(fmt.Sprintf(":%d", port), http.FileServer(http.Dir("artifacts")))
}
