package command

import (
	"os"
	"syscall"
	"time"
)

func stampOf(fi os.FileInfo) dirStamp {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return dirStamp{}
	}
	return dirStamp{dev: st.Dev, ino: st.Ino, ctime: st.Ctim.Nano(), mtime: st.Mtim.Nano()}
}

// changeTime is the directory's ctime.
func changeTime(fi os.FileInfo) time.Time {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return time.Now() // unknown: racy
	}
	return time.Unix(0, st.Ctim.Nano())
}
