package users

import "strconv"

// Format writes u as one line, "name;age;email".
func Format(u User) string {
	return u.Name + ";" + strconv.Itoa(u.Age) + ";" + u.Email
}
