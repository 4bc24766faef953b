# Editors: the VS Code extension and the Neovim plugin (editors/, docs/editors.md).
# Included from the top Makefile. Targets:
#   vsix               dist/loopls-TARGET.vsix per VS Code platform, the loopls binary inside
#                      (VSIX_TARGETS="linux-x64" for fewer; editors/vscode/package.sh)
#   test-editors-unit  node:test unit tests of the extension's pure parts (cheap)
#   test-editors       real editors, headless: Neovim 0.10.4 + 0.12 + 0.7.2, code-server 4.100.3,
#                      Emacs 30 + Eglot (docs/editors.md's snippets)
#                      (needs editors/ci-install.sh once; screenshots under $TMPDIR)

EDITORS_VSCODE := editors/vscode
VSIX_TARGETS ?= linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64 win32-arm64
VSIX_DIR ?= dist
# This machine's target: what test-editors installs into code-server.
VSIX_HOST := $(shell uname -s | sed 's/Linux/linux/; s/Darwin/darwin/')-$(shell uname -m | sed 's/x86_64/x64/; s/aarch64/arm64/')
EDITORS_VSIX := $(VSIX_DIR)/loopls-$(VSIX_HOST).vsix
EDITORS_LOOPLS ?= $(CURDIR)/bin/loopls
EDITORS_VSCODE_SRC := $(wildcard $(EDITORS_VSCODE)/src/*.ts $(EDITORS_VSCODE)/src/*/*.ts $(EDITORS_VSCODE)/src/*/*/*.ts $(EDITORS_VSCODE)/media/*) \
	$(EDITORS_VSCODE)/package.json $(EDITORS_VSCODE)/esbuild.mjs $(EDITORS_VSCODE)/package.sh $(wildcard $(EDITORS_VSCODE)/tsconfig*.json) \
	$(shell git ls-files '*.go' go.mod go.sum 2>/dev/null)

.PHONY: vsix test-editors test-editors-unit editors-npm

$(EDITORS_VSCODE)/node_modules/.loopls-installed-lock: $(EDITORS_VSCODE)/package-lock.json
	cd $(EDITORS_VSCODE) && npm ci --no-audit --no-fund && cp package-lock.json node_modules/.loopls-installed-lock

editors-npm: $(EDITORS_VSCODE)/node_modules/.loopls-installed-lock

vsix: editors-npm ## VS Code extensions per platform with loopls inside: dist/loopls-TARGET.vsix (VSIX_TARGETS)
	GO=$(or $(GO),go) VERSION=$(VERSION) bash $(EDITORS_VSCODE)/package.sh $(VSIX_DIR) $(VSIX_TARGETS)

# The one test-editors installs: this machine's platform only.
$(EDITORS_VSIX): $(EDITORS_VSCODE)/node_modules/.loopls-installed-lock $(EDITORS_VSCODE_SRC)
	GO=$(or $(GO),go) VERSION=$(VERSION) bash $(EDITORS_VSCODE)/package.sh $(VSIX_DIR) $(VSIX_HOST)

test-editors-unit: $(EDITORS_VSCODE)/node_modules/.loopls-installed-lock ## unit tests of the VS Code extension's pure parts
	cd $(EDITORS_VSCODE) && npx tsc -p . --noEmit && npx tsc -p tsconfig.webview.json && rm -rf out && npx tsc -p tsconfig.test.json && node --test out/test/

# Every harness runs even when one fails; the target fails if any did.
test-editors: $(EDITORS_VSIX) ## Neovim, VS Code and Emacs, headless, against bin/loopls (editors/ci-install.sh first)
	$(or $(GO),go) build -o $(EDITORS_LOOPLS) ./cmd/loopls
	@rc=0; \
	VSIX=$(CURDIR)/$(EDITORS_VSIX) bash editors/test/vsix.sh || rc=1; \
	LOOPLS_BIN=$(EDITORS_LOOPLS) bash editors/test/nvim.sh || rc=1; \
	LOOPLS_BIN=$(EDITORS_LOOPLS) VSIX=$(CURDIR)/$(EDITORS_VSIX) bash editors/test/vscode.sh || rc=1; \
	LOOPLS_BIN=$(EDITORS_LOOPLS) bash editors/test/emacs.sh || rc=1; \
	exit $$rc
