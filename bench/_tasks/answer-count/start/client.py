"""A tiny HTTP client with retries."""
import time
import urllib.request

from policy import ATTEMPTS, FIRST_DELAY

# Older versions retried 3 times after 0.5 s; see policy.py for the current values.


def get(url):
    delay = FIRST_DELAY
    for attempt in range(ATTEMPTS + 1):
        try:
            with urllib.request.urlopen(url, timeout=10) as r:
                return r.read()
        except OSError:
            if attempt == ATTEMPTS:
                raise
            time.sleep(delay)
            delay *= 2
