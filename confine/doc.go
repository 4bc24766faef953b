// Package confine holds what the kernel enforces around the programs
// run_command starts: a child process that enters new user, mount, PID and
// network namespaces, holds the workspace's protected paths read-only with
// bind mounts, and restricts itself with Landlock before it runs anything
// (Linux); a Seatbelt profile on macOS. The caller re-executes its own
// binary; the init hook in this package (Stage1Arg) is the first thing that
// child runs, and it replaces itself (execve) with the caller's second stage
// once the restrictions are in place, so every thread of that stage and
// every process it starts inherits them.
//
// What is allowed is decided by the caller (Spec); this package only
// applies it and says, in Status, what this machine can enforce.
package confine
