package confine

// Bounds are what a command line's programs may use together: how many
// processes (threads count) and how much memory. A fork bomb or a
// runaway allocation ends as a failed command instead of taking the
// machine. Where a cgroup can be made (NewGroup: a delegated cgroup v2
// subtree, or cgroup v1's pids and memory hierarchies where the daemon may
// write them), pids.max and memory.max bound the whole tree; otherwise
// the child's rlimits do: RLIMIT_NPROC (processes of the user, counted
// in the child's user namespace where it has one) and RLIMIT_DATA (per
// process). Never RLIMIT_AS: Node's V8, Java and the sanitizers reserve
// gigabytes of address space they never use.
type Bounds struct {
	Procs  int64 `json:",omitempty"`
	Memory int64 `json:",omitempty"` // bytes
}
