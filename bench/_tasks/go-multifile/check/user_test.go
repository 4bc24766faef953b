package users

import "testing"

func TestFormat(t *testing.T) {
	got := Format(User{Name: "ada", Age: 36, Email: "ada@example.org"})
	if got != "ada;36;ada@example.org" {
		t.Fatalf("Format = %q", got)
	}
}

func TestRoundTrip(t *testing.T) {
	u := User{Name: "alan", Age: 41, Email: "alan@example.org"}
	back, err := Parse(Format(u))
	if err != nil || back != u {
		t.Fatalf("Parse(Format(u)) = %+v, %v; want %+v", back, err, u)
	}
	if _, err := Parse("only;2"); err == nil {
		t.Fatal("Parse accepted a line of two fields")
	}
}
