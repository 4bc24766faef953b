import unittest

from roman import to_roman


class TestRoman(unittest.TestCase):
    def test_plain(self):
        self.assertEqual(to_roman(3), "III")
        self.assertEqual(to_roman(1000), "M")
        self.assertEqual(to_roman(2026), "MMXXVI")

    def test_subtractive(self):
        self.assertEqual(to_roman(4), "IV")
        self.assertEqual(to_roman(1994), "MCMXCIV")
        self.assertEqual(to_roman(3999), "MMMCMXCIX")


if __name__ == "__main__":
    unittest.main()
