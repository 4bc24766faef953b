import settings


def keys(text):
    return sorted(settings.load_config(text))
