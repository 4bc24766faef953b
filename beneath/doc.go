// Package beneath holds the file operations the daemon does under a
// workspace root that a confined command may have changed: every one
// starts from a descriptor of the root and follows no symbolic link it was
// not asked to judge, so a directory that a command swapped for a link
// (to .git, to another project, to the home directory) between the
// daemon's look and its act is refused, never written through.
//
// The rules of which paths are protected stay in package rootpath; this
// package only says what a path is on disk, and acts on the descriptors it
// judged.
//
// # The API
//
//   - [Open] opens a root. [Root.Resolve] follows the symbolic links of a
//     path one component at a time from the root's descriptor and returns
//     the path they lead to, free of links: a link inside the workspace
//     that leads inside it is legitimate (pnpm's node_modules, monorepo
//     packages), so the caller judges where it leads (a protected target
//     asks) instead of refusing every link. A link that leads out of the
//     root is [ErrOutside].
//   - [Root.OpenDir] opens a directory beneath the root following no link
//     (on Linux one openat2 with RESOLVE_BENEATH, RESOLVE_NO_SYMLINKS and
//     RESOLVE_NO_MAGICLINKS; elsewhere, or when openat2 is not allowed,
//     one openat with O_NOFOLLOW per component). [Root.Walk] does the same
//     one component at a time, may create what is missing, lets the caller
//     judge every directory on the way while it is held ([Walk].Visit), and
//     refuses a directory that is not the one an earlier walk saw
//     ([Walk].Expect against [Dir.Chain]).
//   - A [Dir] is an open directory; everything it does names one component
//     in its descriptor: [Dir.OpenFile] (O_NOFOLLOW), [Dir.OpenDir],
//     [Dir.Lstat] (fstatat with AT_SYMLINK_NOFOLLOW), [Dir.Names],
//     [Dir.WriteAtomic] (a temporary file and renameat in the same
//     descriptor, keeping the replaced file's mode), [Dir.Remove] and
//     [Dir.RemoveAll] (unlinkat in the parent's descriptor after checking,
//     by device, inode and type, that the entry is the one the caller saw),
//     and [Dir.SetTimes] (utimensat with AT_SYMLINK_NOFOLLOW).
//     [SetFileTimes] sets the times of an open file on its descriptor.
//
// A component that is a link where none was expected fails with an [*Error]
// whose Kind is [ErrLink]; one that is another directory than expected,
// or another entry than the caller saw, with [ErrChanged]; a path that
// leaves the root, with [ErrOutside]; a component that is no directory,
// with [ErrNotDir]. Test them with errors.Is.
//
// [Root.SetHook] installs a function (tests only) that runs between each
// check and the act it guards, so a test can swap a directory for a link
// exactly there instead of racing for it.
//
// # Platforms
//
// Linux, macOS and the BSDs use descriptors (handle_unix.go). Windows uses
// handles the same way (handle_windows.go): each component is opened with
// NtCreateFile relative to its parent's handle (RootDirectory, one name,
// FILE_OPEN_REPARSE_POINT, so a reparse point is opened itself, never
// followed) and judged on that handle (FileAttributeTagInfo: a reparse
// point of any tag, junction, symbolic link, mount point, cloud
// placeholder, is a link; FileIdInfo: the volume's serial and the file id
// are the identity). The act is done on a handle: a write renames its own
// temporary file's handle into the held directory (FileRenameInformation
// with RootDirectory), a removal opens the entry with DELETE, checks its
// identity on that handle and deletes through it, times are set on the
// handle. Resolve reads a junction's or a symbolic link's target
// (FSCTL_GET_REPARSE_POINT) and judges it by the rule of the Unix side;
// another tag has no target to judge and is ErrLink. No one-call open
// exists there: OpenDir walks. Symlink and MoveIn are not offered
// (errors.ErrUnsupported).
package beneath
