package confine

import "fmt"

// Level is how much of the confinement this machine enforces.
type Level int

const (
	// None: nothing is enforced by the kernel; every command is asked.
	None Level = iota
	// LandlockOnly: Landlock holds writes to the workspace and the private
	// temporary directory and denies TCP, but without namespaces the
	// protected paths are checked only after a command, UDP and unix
	// sockets are open, and /proc is the host's.
	LandlockOnly
	// Full: Landlock inside new user, mount, PID and network namespaces:
	// no network at all, protected paths read-only, a /proc of its own.
	Full
	// Seatbelt: macOS's sandbox profile (writes to the workspace and the
	// private temporary directory, no network).
	Seatbelt
)

// Name is the level's name in JSON and logs.
func (l Level) Name() string {
	switch l {
	case LandlockOnly:
		return "landlock"
	case Full:
		return "full"
	case Seatbelt:
		return "seatbelt"
	}
	return "none"
}

// Status is what Probe found on this machine.
type Status struct {
	Level Level
	// Landlock is the kernel's Landlock ABI version (0: none).
	Landlock int
	// Why explains a level below Full: what failed and why.
	Why string
	// Layer: at Full, a line's writes can go to a layer of its own (an
	// overlay over the workspace) that the caller applies after the line;
	// LayerWhy says why not when they cannot.
	Layer    bool
	LayerWhy string
}

// Confined reports whether the kernel holds what commands touch.
func (s Status) Confined() bool { return s.Level != None }

func (s Status) String() string {
	switch s.Level {
	case Full:
		return fmt.Sprintf("Landlock ABI %d + user, mount, PID and network namespaces", s.Landlock)
	case LandlockOnly:
		return fmt.Sprintf("Landlock ABI %d only (no namespaces: %s)", s.Landlock, s.Why)
	case Seatbelt:
		return "macOS Seatbelt (sandbox-exec)"
	}
	return "none (" + s.Why + ")"
}

// Guarantees lists, one line each, what the kernel enforces around every
// program run_command starts, and what it does not.
func (s Status) Guarantees() []string {
	var g []string
	switch s.Level {
	case Full:
		g = append(g,
			"writes: only inside the workspace and a private temporary directory (Landlock)",
			"reads: the workspace, the system (/usr, /etc, …), the toolchains on PATH, Go's module cache; not your home directory's other files",
			"network: none (a network namespace of its own: no route, no host sockets)",
			"protected paths that exist (.git, .vscode, .loopls.json, …): read-only (bind mounts); new ones are asked about by name before they are applied (with the command's layer) or removed after the command (without it)",
			"processes: a PID namespace of its own (no other process visible, all killed when the command ends); no capabilities; no_new_privs",
			"host sockets: /run, /var/run, /tmp, /var/tmp and the home directory read as empty (the session bus, docker, agents, tmux, X11 unreachable); only the workspace, TMPDIR and the toolchains are bound back in",
			"bounds: one line's processes and memory together (a cgroup where one can be made, else RLIMIT_NPROC and RLIMIT_DATA); no descriptor the daemon inherited",
		)
	case LandlockOnly:
		g = append(g,
			"writes: only inside the workspace and a private temporary directory (Landlock)",
			"reads: the workspace, the system, the toolchains on PATH",
			"network: TCP bind and connect denied (Landlock); UDP and unix sockets NOT held",
			"protected paths: checked after each command only (new ones removed; changes to existing ones are NOT undone)",
			"host sockets by path (/run, /tmp: the session bus, docker, tmux) NOT held; no PID namespace",
		)
	case Seatbelt:
		g = append(g, "writes: only inside the workspace and a private temporary directory; network denied (Seatbelt profile, untested here)")
	default:
		g = append(g, "nothing: commands run with your full rights, so every command is asked, allow list or not")
	}
	return g
}

// Report is the status as a JSON-ready value (loopls doctor --json, the
// LSP initialize result).
func (s Status) Report() map[string]any {
	return map[string]any{
		"level":      s.Level.Name(),
		"landlock":   s.Landlock,
		"summary":    s.String(),
		"guarantees": s.Guarantees(),
		"confined":   s.Confined(),
		"layer":      s.Layer,
	}
}
