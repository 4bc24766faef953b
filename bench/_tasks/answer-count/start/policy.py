"""Retry policy."""

# Retries after the first attempt fails.
ATTEMPTS = 6
# Seconds before the first retry; doubled after each.
FIRST_DELAY = 0.25
