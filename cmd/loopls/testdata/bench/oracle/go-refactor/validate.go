package accounts

import (
	"errors"
	"strings"
)

// validateName says what is wrong with an account name, nil when nothing.
func validateName(name string) error {
	if strings.TrimSpace(name) == "" {
		return errors.New("name is empty")
	}
	if len(name) > 32 {
		return errors.New("name is longer than 32 bytes")
	}
	return nil
}
