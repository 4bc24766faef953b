import unittest

from cart import Cart
from checkout import receipt


def cart():
    c = Cart()
    c.add("tea", 2.5, 2)
    c.add("cake", 4.0)
    return c


class TestCheckout(unittest.TestCase):
    def test_plain(self):
        self.assertEqual(cart().total(), 9.0)
        self.assertEqual(receipt(cart()), "Total: 9.00")

    def test_discount(self):
        self.assertEqual(cart().total(percent=10), 8.1)
        self.assertEqual(receipt(cart(), percent=10), "Total: 8.10 (-10%)")
        self.assertEqual(receipt(cart(), 0), "Total: 9.00")


if __name__ == "__main__":
    unittest.main()
