package accounts

import (
	"errors"
	"strings"
)

// Rename gives a a new name.
func (a *Account) Rename(name string) error {
	if strings.TrimSpace(name) == "" {
		return errors.New("name is empty")
	}
	if len(name) > 32 {
		return errors.New("name is longer than 32 bytes")
	}
	a.Name = name
	return nil
}
