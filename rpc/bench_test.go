		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
k		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
_		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
j		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
v		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
k		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
T		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
I		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
z		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
→		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
z		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
k		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
T		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
I		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
z		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
*		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
T		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
D		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
v		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
D		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
N		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
N		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
C		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
O		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
L		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
L		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
A		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
A		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
_		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
H		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
O		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
T		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
1		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
2		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
7		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
1		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
1		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
z		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
+		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
E		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
x		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
6		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
4		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
6		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
4		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
N		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
1		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
k		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
I		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
y		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
'		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
y		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
z		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
5		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
k		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
I		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
y		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
*		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
5		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
N		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
F		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
x		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
z		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
K		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
P		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
P		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
v		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
q		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
[		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
]		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
y		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
%		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
&		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
K		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
P		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
P		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
6		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
4		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
1		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
2		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
4		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
-		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
z		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
6		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
4		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
1		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
2		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
4		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
-		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
5		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
-		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
6		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
4		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
-		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
K		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
E		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
x		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
K		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
'		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
z		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
K		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
*		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
F		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
%		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
!		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
F		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
_		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
\		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
v		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
k		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
C		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
P		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
x		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
V		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
;		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
k		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
v		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
A		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
T		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
x		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
T		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
v		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
k		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
!		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
F		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
F		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
V		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
k		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
C		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
L		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
y		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
→		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
-		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
3		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
2		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
8		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
A		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
P		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
E		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
C		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
§		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
3		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
2		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
k		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
1		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
k		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
C		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
L		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
y		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
*		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
B		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
F		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
x		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
z		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
v		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
D		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
N		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
_		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
[		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
]		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
y		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
F		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
'		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
*		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
&		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
&		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
C		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
P		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
_		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
&		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
&		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
>		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
v		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
I		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
D		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
`		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
j		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
I		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
`		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
j		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
U		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
P		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
&		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
I		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
D		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
D		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
N		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
q		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
[		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
]		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
y		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
I		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
I		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
D		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
;		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
E		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
|		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
|		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
E		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
C		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
!		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
-		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
3		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
2		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
8		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
F		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
w		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
%		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
+		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
v		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
+		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
S		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
6		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
4		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
M		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
6		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
4		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
b		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
N		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
1		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
0		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
f		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
D		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
*		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
=		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
p		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
/		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
v		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
c		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
{		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
I		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
D		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
i		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
g		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
`		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
j		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
:		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
I		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
"		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
`		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
j		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
o		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
U		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
h		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
[		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
l		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
(		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
-		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
1		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
]		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
P		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
a		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
m		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
s		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
,		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
&		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
)		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
			// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
e		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
t		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
r		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
 		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
d		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
.		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
R		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
u		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
n		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
I		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
D		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
}		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)

		// The stall prompt streams one chunk, then nothing: the i-th delta
		// is this run's.
		f.c.waitFor("the stalled run's first chunk", func(*wireMsg) bool {
			return len(f.c.messages("loopls/delta")) > i
		})
		run := lastDeltaRun(f.c)
