//go:build windows

package proctree

import (
	"fmt"
	"os/exec"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// treeHandle is the Job object the program runs in. os/exec hands out no
// thread handle, so the program is created suspended, put in the Job, and
// its threads are then resumed by a thread snapshot: it runs nothing, and
// starts no child, outside the Job.
type treeHandle struct{ job windows.Handle }

func prepare(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.CreationFlags |= windows.CREATE_SUSPENDED | windows.CREATE_NEW_PROCESS_GROUP
}

func started(cmd *exec.Cmd) (treeHandle, error) {
	pid := uint32(cmd.Process.Pid)
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return treeHandle{}, fmt.Errorf("proctree: CreateJobObject: %w", err)
	}
	ok := false
	defer func() {
		if !ok {
			windows.CloseHandle(job)
		}
	}()
	info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{}
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		return treeHandle{}, fmt.Errorf("proctree: SetInformationJobObject: %w", err)
	}
	ph, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, pid)
	if err != nil {
		return treeHandle{}, fmt.Errorf("proctree: OpenProcess %d: %w", pid, err)
	}
	err = windows.AssignProcessToJobObject(job, ph)
	windows.CloseHandle(ph)
	if err != nil {
		return treeHandle{}, fmt.Errorf("proctree: AssignProcessToJobObject %d: %w", pid, err)
	}
	if err := resume(pid); err != nil {
		return treeHandle{}, err
	}
	ok = true
	return treeHandle{job: job}, nil
}

// resume resumes every thread of the suspended process pid (one: its
// first), found in a snapshot of the system's threads.
func resume(pid uint32) error {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return fmt.Errorf("proctree: thread snapshot: %w", err)
	}
	defer windows.CloseHandle(snap)
	te := windows.ThreadEntry32{Size: uint32(unsafe.Sizeof(windows.ThreadEntry32{}))}
	n := 0
	for err = windows.Thread32First(snap, &te); err == nil; err = windows.Thread32Next(snap, &te) {
		if te.OwnerProcessID != pid {
			continue
		}
		th, err := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, te.ThreadID)
		if err != nil {
			return fmt.Errorf("proctree: OpenThread %d: %w", te.ThreadID, err)
		}
		_, rerr := windows.ResumeThread(th)
		windows.CloseHandle(th)
		if rerr != nil {
			return fmt.Errorf("proctree: ResumeThread %d: %w", te.ThreadID, rerr)
		}
		n++
	}
	if n == 0 {
		return fmt.Errorf("proctree: no thread of process %d to resume", pid)
	}
	return nil
}

func (h treeHandle) valid() bool { return h.job != 0 }

func (h treeHandle) kill() error {
	if err := windows.TerminateJobObject(h.job, 1); err != nil {
		return fmt.Errorf("proctree: TerminateJobObject: %w", err)
	}
	return nil
}

func (h treeHandle) terminate() error { return h.kill() }

// close closes the Job's handle; KILL_ON_JOB_CLOSE kills what is left in it.
func (h treeHandle) close() error {
	if !h.valid() {
		return nil
	}
	return windows.CloseHandle(h.job)
}
