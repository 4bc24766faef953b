package accounts

// Rename gives a a new name.
func (a *Account) Rename(name string) error {
	if err := validateName(name); err != nil {
		return err
	}
	a.Name = name
	return nil
}
