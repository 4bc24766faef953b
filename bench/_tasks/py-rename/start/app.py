from settings import get_cfg


def greeting(text):
    cfg = get_cfg(text)
    return "Hello, " + cfg.get("name", "world")
