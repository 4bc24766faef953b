# loopls bench: runs the named unittest tests and writes which passed as
# JSON to the file named first. Written into the task's copy after the run.
import json
import sys
import unittest

out, names = sys.argv[1], sys.argv[2:]
sys.path.insert(0, ".")
passed = []


class Result(unittest.TextTestResult):
    def addSuccess(self, test):
        super().addSuccess(test)
        passed.append(test.id())


suite = unittest.TestSuite()
for name in names:
    try:
        suite.addTests(unittest.defaultTestLoader.loadTestsFromName(name))
    except Exception as e:  # a missing module or test fails that name only
        print("cannot load %s: %s" % (name, e), file=sys.stderr)
unittest.TextTestRunner(verbosity=2, resultclass=Result).run(suite)
with open(out, "w") as f:
    json.dump({"passed": passed}, f)
