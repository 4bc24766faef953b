import json
import unittest


def load():
    with open("config/server.json") as f:
        return json.load(f)


class TestConfig(unittest.TestCase):
    def test_changed(self):
        c = load()
        self.assertEqual(c["listen"]["port"], 8443)
        self.assertIs(c["tls"], True)
        self.assertEqual(c["features"], ["search", "uploads", "metrics"])

    def test_rest_kept(self):
        c = load()
        self.assertEqual(c["name"], "shipyard")
        self.assertEqual(c["listen"]["host"], "0.0.0.0")
        self.assertEqual(c["limits"], {"bodyBytes": 1048576, "timeoutSeconds": 30})
        self.assertEqual(sorted(c), ["features", "limits", "listen", "name", "tls"])


if __name__ == "__main__":
    unittest.main()
