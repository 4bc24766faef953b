package shop

// Item is one line of an order.
type Item struct {
	Name  string
	Cents int
	Qty   int
}

// Total is the order's total in cents.
func Total(items []Item) int {
	sum := 0
	for _, it := range items {
		sum += it.Cents * it.Qty
	}
	return sum
}
