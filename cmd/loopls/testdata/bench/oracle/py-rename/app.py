from settings import load_config


def greeting(text):
    cfg = load_config(text)
    return "Hello, " + cfg.get("name", "world")
