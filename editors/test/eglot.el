;;; eglot.el --- docs/editors.md's Eglot snippets, evaluated and exercised in batch Emacs  -*- lexical-binding: t -*-
;; Run by editors/test/emacs.sh, which sets
;;   LOOPLS_DOC  docs/editors.md   (the snippets are read from its "### Emacs (eglot)" section)
;;   LOOPLS_WS   a workspace with hello.txt and main.py; `loopls' is on PATH; the scripted
;;               Ollama and LOOPLS_MODEL are in the environment.
;; Every wait is bounded; nothing asserts a duration. Prints PASS/FAIL lines and
;; "N passed, N failed"; exits 1 on any failure.
(require 'cl-lib)
(require 'eglot)
(require 'python)

(defvar t-pass 0)
(defvar t-fail 0)
(defun t-check (name ok &optional detail)
  (if ok (setq t-pass (1+ t-pass)) (setq t-fail (1+ t-fail)))
  (message "%s %s%s" (if ok "PASS" "FAIL") name (if (and detail (not ok)) (format " -- %S" detail) "")))
(defun t-wait (secs pred)
  "Wait until PRED holds, at most SECS seconds; return its value."
  (let ((deadline (+ (float-time) secs)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall pred)))

(defun t-doc-snippets ()
  "The elisp blocks of docs/editors.md's Emacs (eglot) section, as strings."
  (with-temp-buffer
    (insert-file-contents (getenv "LOOPLS_DOC"))
    (goto-char (point-min))
    (re-search-forward "^### Emacs (eglot)$")
    (let ((end (save-excursion (if (re-search-forward "^##" nil t) (match-beginning 0) (point-max))))
          blocks)
      (while (re-search-forward "^```elisp\n" end t)
        (let ((start (point)))
          (re-search-forward "^```$" end)
          (push (buffer-substring-no-properties start (match-beginning 0)) blocks)))
      (nreverse blocks))))

(defun t-eval-string (s)
  (with-temp-buffer
    (insert s)
    (goto-char (point-min))
    (condition-case nil
        (while t (eval (read (current-buffer)) t))
      (end-of-file nil))))

;; What the test observes: loopls/runEnded, $/progress, and the snippet's message.
(defvar t-ended nil)
(defvar t-progress nil)
(defvar t-messages nil)
(cl-defmethod eglot-handle-notification :before
  (_server (_method (eql loopls/runEnded)) &rest params)
  (push params t-ended))
(defvar t-progress-titles nil "Each progress token's begin title: (TOKEN . TITLE).")
(cl-defmethod eglot-handle-notification :before
  (_server (_method (eql $/progress)) &key token value &allow-other-keys)
  (push (plist-get value :kind) t-progress)
  (when (equal (plist-get value :kind) "begin")
    (push (cons token (plist-get value :title)) t-progress-titles)))
(defun t-began-p (title)
  "The token of the progress that began titled TITLE (each run's title is its own prompt)."
  (car (cl-find title t-progress-titles :key #'cdr :test #'equal)))
(advice-add 'message :before
            (lambda (fmt &rest args) (when fmt (push (apply #'format-message fmt args) t-messages))))

(defun t-run-ended (pred)
  "Wait for a loopls/runEnded whose params satisfy PRED; return them."
  (t-wait 60 (lambda () (cl-find-if pred t-ended))))

(defun t-main ()
  (let* ((ws (file-name-as-directory (getenv "LOOPLS_WS")))
         (snippets (t-doc-snippets))
         py server)
    (t-check "docs/editors.md has the Eglot snippets" (>= (length snippets) 2) (length snippets))
    (dolist (s snippets) (t-eval-string s))
    (t-check "the server program snippet registers loopls for python-mode"
             (cl-find-if (lambda (e) (and (consp (car e)) (memq 'python-mode (car e))
                                          (equal (cadr e) "loopls")))
                         eglot-server-programs))
    (t-check "the snippets use eglot-execute, not the obsolete eglot-execute-command"
             (and (cl-some (lambda (s) (string-match-p "(eglot-execute " s)) snippets)
                  (not (cl-some (lambda (s) (string-match-p "eglot-execute-command" s)) snippets))))
    (t-check "eglot-confirm-server-initiated-edits is nil after the snippets"
             (null eglot-confirm-server-initiated-edits))

    ;; M-x eglot in a Python buffer of the workspace.
    (setq py (find-file-noselect (expand-file-name "main.py" ws)))
    (with-current-buffer py
      (python-mode)
      (call-interactively #'eglot)
      (t-wait 60 (lambda () (eglot-current-server)))
      (setq server (eglot-current-server)))
    (t-check "M-x eglot starts loopls serve for the Python buffer" server)
    (unless server (error "no server"))
    (t-check "loopls offers loopls.run, loopls.fix, loopls.cancel"
             (let ((cmds (plist-get (plist-get (eglot--capabilities server) :executeCommandProvider) :commands)))
               (and (seq-contains-p cmds "loopls.run") (seq-contains-p cmds "loopls.cancel"))))

    ;; M-x eglot-code-actions on a region: "Fix with loopls", run through loopls.fix.
    (with-current-buffer py
      (let ((titles nil))
        ;; As from the keyboard (M-x … RET), which picks with completing-read;
        ;; batch Emacs's nil last event would mean a mouse menu.
        (cl-letf (((symbol-function 'completing-read)
                   (lambda (_prompt coll &rest _)
                     (setq titles (all-completions "" coll))
                     (car titles))))
          (let ((last-nonmenu-event ?\r))
            (eglot-code-actions (point-min) (point-max) nil t)))
        (t-check "eglot-code-actions on a region offers \"Fix with loopls\""
                 (or (member "Fix with loopls" titles)
                     ;; a single action is applied without a question
                     (t-run-ended (lambda (_) t)))
                 titles)))
    (t-check "the fix ran to its end (loopls/runEnded)" (t-run-ended (lambda (_) t)))

    ;; The loopls-run snippet: an edit arrives as workspace/applyEdit, unconfirmed.
    (setq t-ended nil t-messages nil)
    (with-current-buffer py (loopls-run "edit hello.txt please"))
    (let ((ended (t-run-ended (lambda (p) (equal (plist-get p :prompt) "edit hello.txt please")))))
      (t-check "loopls-run: the run completed" (equal (plist-get ended :outcome) "completed") ended)
      (let ((hello (get-file-buffer (expand-file-name "hello.txt" ws))))
        (t-check "loopls-run: the edit landed in hello.txt's buffer, unsaved"
                 (and hello (with-current-buffer hello
                              (and (string-prefix-p "goodbye" (buffer-string)) (buffer-modified-p))))
                 (and hello (with-current-buffer hello (buffer-string)))))
      (t-check "the runEnded snippet shows the answer"
               (cl-some (lambda (m) (string-prefix-p "loopls completed: " m)) t-messages)
               (seq-take t-messages 5)))
    (t-check "Eglot received the run's $/progress begin and end"
             (and (member "begin" t-progress) (member "end" t-progress)) t-progress)

    ;; The loopls-cancel snippet stops an endless run.
    (setq t-ended nil t-progress nil)
    (with-current-buffer py (loopls-run "loop until cancelled"))
    ;; This run's own progress began (a late report of the run before must not count). Its
    ;; begin is the event to wait for, not a report: the endless run makes one transition
    ;; (into AwaitingModel, then text without end), and when Emacs answers
    ;; window/workDoneProgress/create after it, as under load, that transition's report is
    ;; folded into the begin and no report ever follows.
    (t-check "the endless run's own progress began (found by its title)"
             (t-wait 30 (lambda () (t-began-p "loopls: loop until cancelled"))) t-progress-titles)
    (with-current-buffer py (loopls-cancel))
    (let ((ended (t-run-ended (lambda (p) (equal (plist-get p :prompt) "loop until cancelled")))))
      (t-check "loopls-cancel: the endless run ended cancelled"
               (equal (plist-get ended :outcome) "cancelled") ended))

    ;; M-x eglot-shutdown in the Python buffer, bounded: the machine may be loaded.
    (with-current-buffer py (eglot-shutdown server nil 30))
    (t-check "eglot-shutdown stops loopls" (not (jsonrpc-running-p server)))))

(condition-case e (t-main)
  (error (t-check "the script ran to its end" nil e)))
(message "%d passed, %d failed" t-pass t-fail)
(kill-emacs (if (zerop t-fail) 0 1))
