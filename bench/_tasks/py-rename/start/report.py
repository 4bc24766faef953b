import settings


def keys(text):
    return sorted(settings.get_cfg(text))
