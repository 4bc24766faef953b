import unittest

import keygen


class TestKey(unittest.TestCase):
    def test_key_file(self):
        with open("key.txt") as f:
            self.assertEqual(f.read().strip(), keygen.key())


if __name__ == "__main__":
    unittest.main()
