package localmodels

import (
	"slices"
	"sync"
	"time"
)

// showTTL is how long an /api/show answer is reused by every adapter of the
// process for the same server and model. A daemon resolves its model anew
// for every run, and Ollama reads the model's file to answer /api/show; a
// model pulled again under the same name is seen within showTTL.
const showTTL = time.Minute

// showKey names one model on one server.
type showKey struct{ host, model string }

type showEntry struct {
	info Info
	at   time.Time
}

// showCache is the process's cache of /api/show answers (successful ones
// only: a missing model is asked again).
var showCache = struct {
	mu sync.Mutex
	m  map[showKey]showEntry
}{m: make(map[showKey]showEntry)}

// cachedShow returns the answer for k still within showTTL.
func cachedShow(k showKey, now time.Time) (Info, bool) {
	showCache.mu.Lock()
	defer showCache.mu.Unlock()
	e, ok := showCache.m[k]
	if !ok || now.Sub(e.at) >= showTTL || now.Before(e.at) {
		return Info{}, false
	}
	e.info.Capabilities = slices.Clone(e.info.Capabilities)
	return e.info, true
}

// rememberShow stores the answer for k, taken at now.
func rememberShow(k showKey, info Info, now time.Time) {
	info.Capabilities = slices.Clone(info.Capabilities)
	showCache.mu.Lock()
	defer showCache.mu.Unlock()
	showCache.m[k] = showEntry{info: info, at: now}
}
