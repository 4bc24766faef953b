"""Word frequencies."""


def top_words(text, n):
    """Return the n most frequent words of text as (word, count) pairs.

    Words are runs of ASCII letters and apostrophes, compared in lower case.
    The most frequent come first; words with the same count are in
    alphabetical order. Fewer than n pairs are returned when text has fewer
    distinct words.

    >>> top_words("the cat and the hat", 2)
    [('the', 2), ('and', 1)]
    """
    raise NotImplementedError
