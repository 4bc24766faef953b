package redact

// Error returns err with its text scrubbed by the process's redactor.
// errors.Is and errors.As still see through it to err; only what Error()
// prints changes. It returns nil for nil.
func Error(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := err.(*scrubbedError); ok {
		return err
	}
	return &scrubbedError{err: err}
}

type scrubbedError struct{ err error }

func (e *scrubbedError) Error() string { return String(e.err.Error()) }
func (e *scrubbedError) Unwrap() error { return e.err }
