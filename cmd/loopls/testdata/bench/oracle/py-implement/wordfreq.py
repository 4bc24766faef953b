"""Word frequencies."""
import re
from collections import Counter


def top_words(text, n):
    """Return the n most frequent words of text as (word, count) pairs."""
    counts = Counter(re.findall(r"[a-z']+", text.lower()))
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n]
