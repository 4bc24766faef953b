import unittest

from wordfreq import top_words


class TestTopWords(unittest.TestCase):
    def test_counts(self):
        self.assertEqual(top_words("the cat and the hat", 2), [("the", 2), ("and", 1)])
        self.assertEqual(top_words("", 3), [])
        self.assertEqual(top_words("one", 5), [("one", 1)])

    def test_ties_and_case(self):
        text = "B a. b, A! c don't don't"
        self.assertEqual(top_words(text, 3), [("a", 2), ("b", 2), ("don't", 2)])


if __name__ == "__main__":
    unittest.main()
