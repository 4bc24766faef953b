package users

import (
	"fmt"
	"strconv"
	"strings"
)

// Parse reads a line Format wrote.
func Parse(line string) (User, error) {
	parts := strings.Split(line, ";")
	if len(parts) != 2 {
		return User{}, fmt.Errorf("want 2 fields, got %d", len(parts))
	}
	age, err := strconv.Atoi(parts[1])
	if err != nil {
		return User{}, err
	}
	return User{Name: parts[0], Age: age}, nil
}
