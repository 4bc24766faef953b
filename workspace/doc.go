// Package workspace is what an agent run can see and touch: one directory
// tree, the editor's unsaved buffers over it, a live index of its files, and
// the tools the model is offered (SPEC §4).
//
// Every file access goes through an [os.Root], so a path that leaves the
// root — "..", an absolute path elsewhere, a symlink pointing out — fails in
// the kernel's lookup rather than in a string check that could be fooled.
// Reads see overlays (documents the editor has open) before the disk. Edits go
// through an [Editor] (the editor's workspace/applyEdit, or atomic writes to
// disk) and are journaled per run so a whole run can be undone.
package workspace
