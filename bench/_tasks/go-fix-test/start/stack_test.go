package stack

import "testing"

func TestPushPop(t *testing.T) {
	var s Stack
	for _, v := range []int{1, 2, 3} {
		s.Push(v)
	}
	for _, want := range []int{3, 2, 1} {
		got, ok := s.Pop()
		if !ok || got != want {
			t.Fatalf("Pop() = %d, %v; want %d, true", got, ok, want)
		}
	}
}

func TestEmpty(t *testing.T) {
	var s Stack
	if _, ok := s.Pop(); ok {
		t.Fatal("Pop on an empty stack said ok")
	}
	s.Push(7)
	if v, ok := s.Pop(); !ok || v != 7 || s.Len() != 0 {
		t.Fatalf("Pop() = %d, %v with %d left; want 7, true, 0", v, ok, s.Len())
	}
}
