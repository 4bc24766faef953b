// Package store keeps what must outlive the daemon: each session's committed
// history, the audit trail of its runs, and the machine snapshot of a run in
// flight (SPEC §6).
//
// One SQLite database (pure Go, modernc.org/sqlite) per workspace root lives
// under the user's state directory. The database runs in WAL mode with a busy
// timeout and every checkpoint is one immediate transaction, so two daemons on
// the same workspace (two editor windows) serialise their writes instead of
// corrupting each other's.
//
// A run's checkpoints come from the engine (engine.Checkpoint) at its commit
// points. When a daemon dies mid-run, the next Store opened on that workspace
// records the run as ended (Failed, kind Internal, "daemon stopped"); each
// Store holds an advisory lock on an owner file for its lifetime so that the
// in-flight runs of a daemon that is still alive are left alone.
package store
