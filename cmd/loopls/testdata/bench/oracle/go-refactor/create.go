// Package accounts creates and renames accounts.
package accounts

// Account is a named account.
type Account struct{ Name string }

// Create makes an account named name.
func Create(name string) (*Account, error) {
	if err := validateName(name); err != nil {
		return nil, err
	}
	return &Account{Name: name}, nil
}
