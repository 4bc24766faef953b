// Package layer holds what a command line wrote, between the line and the
// workspace: the private upper directory of the overlay the confined
// child mounts over the workspace (package confine), the walk of that
// directory into a list of changes (Walk), and the daemon's application of
// them to the workspace once the line has ended (Apply), which follows no
// link, never overwrites or deletes what someone else changed during the
// line (seen by the workspace's watcher, Watch, or by its change time),
// and leaves to its caller what is protected.
package layer
