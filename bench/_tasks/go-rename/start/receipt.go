package shop

import "fmt"

// Receipt is the order's one-line receipt.
func Receipt(items []Item) string {
	return fmt.Sprintf("%d items, %d cents", len(items), CalcTotal(items))
}
