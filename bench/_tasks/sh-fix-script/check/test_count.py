import os
import subprocess
import tempfile
import unittest


def run(*files):
    return subprocess.run(["sh", "count.sh", *files], capture_output=True, text=True, check=True).stdout


class TestCount(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(dir=".")
        self.a = os.path.join(self.dir, "a.txt")
        with open(self.a, "w") as f:
            f.write("one two three\nfour\n")

    def test_counts(self):
        b = os.path.join(self.dir, "b.txt")
        with open(b, "w") as f:
            f.write("x\ny\nz\n")
        self.assertEqual(run(self.a, b), "2 %s\n3 %s\ntotal 5\n" % (self.a, b))

    def test_spaces(self):
        c = os.path.join(self.dir, "my notes.txt")
        with open(c, "w") as f:
            f.write("only line\n")
        self.assertEqual(run(c, self.a), "1 %s\n2 %s\ntotal 3\n" % (c, self.a))


if __name__ == "__main__":
    unittest.main()
