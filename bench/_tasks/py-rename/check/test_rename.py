import glob
import unittest


class TestRename(unittest.TestCase):
    def test_load_config(self):
        from settings import load_config
        self.assertEqual(load_config("a = 1\n# c\n\nb=2"), {"a": "1", "b": "2"})

    def test_callers(self):
        import app
        import report
        self.assertEqual(app.greeting("name=ada"), "Hello, ada")
        self.assertEqual(report.keys("y=1\nx=2"), ["x", "y"])

    def test_old_name_gone(self):
        for path in glob.glob("*.py"):
            if path.startswith("test_"):
                continue
            with open(path) as f:
                self.assertNotIn("get_" + "cfg", f.read(), path)


if __name__ == "__main__":
    unittest.main()
