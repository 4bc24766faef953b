// Package accounts creates and renames accounts.
package accounts

import (
	"errors"
	"strings"
)

// Account is a named account.
type Account struct{ Name string }

// Create makes an account named name.
func Create(name string) (*Account, error) {
	if strings.TrimSpace(name) == "" {
		return nil, errors.New("name is empty")
	}
	if len(name) > 32 {
		return nil, errors.New("name is longer than 32 bytes")
	}
	return &Account{Name: name}, nil
}
