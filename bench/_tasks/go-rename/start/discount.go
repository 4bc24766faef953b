package shop

// Discounted is the total less pct percent, rounded down.
func Discounted(items []Item, pct int) int {
	return CalcTotal(items) * (100 - pct) / 100
}
