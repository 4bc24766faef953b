// Package users keeps user records as "name;age;email" lines.
package users

// User is one record.
type User struct {
	Name  string
	Age   int
	Email string
}
