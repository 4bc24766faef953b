"""Settings read from key=value text."""


def load_config(text):
    """Parse key=value lines into a dict; blank lines and # comments are skipped."""
    cfg = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition("=")
        cfg[key.strip()] = value.strip()
    return cfg
