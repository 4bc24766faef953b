// Package users keeps user records as "name;age" lines.
package users

// User is one record.
type User struct {
	Name string
	Age  int
}
