# Editors: the VS Code extension and the Neovim plugin (editors/, docs/editors.md).
# Included from the top Makefile. Targets:
#   vsix               editors/vscode/loopls.vsix (esbuild bundle + vsce package)
#   test-editors-unit  node:test unit tests of the extension's pure parts (cheap)
#   test-editors       real editors, headless: Neovim 0.10.4 + 0.12 + 0.7.2, code-server 4.100.3,
#                      Emacs 30 + Eglot (docs/editors.md's snippets)
#                      (needs editors/ci-install.sh once; screenshots under $TMPDIR)

EDITORS_VSCODE := editors/vscode
EDITORS_VSIX := $(EDITORS_VSCODE)/loopls.vsix
EDITORS_LOOPLS ?= $(CURDIR)/bin/loopls
EDITORS_VSCODE_SRC := $(wildcard $(EDITORS_VSCODE)/src/*.ts $(EDITORS_VSCODE)/src/panel/*.ts $(EDITORS_VSCODE)/src/panel/webview/*.ts $(EDITORS_VSCODE)/media/*) \
	$(EDITORS_VSCODE)/package.json $(EDITORS_VSCODE)/esbuild.mjs $(wildcard $(EDITORS_VSCODE)/tsconfig*.json)

.PHONY: vsix test-editors test-editors-unit editors-npm

$(EDITORS_VSCODE)/node_modules/.loopls-installed-lock: $(EDITORS_VSCODE)/package-lock.json
	cd $(EDITORS_VSCODE) && npm ci --no-audit --no-fund && cp package-lock.json node_modules/.loopls-installed-lock

editors-npm: $(EDITORS_VSCODE)/node_modules/.loopls-installed-lock

vsix: $(EDITORS_VSIX) ## package the VS Code extension (editors/vscode/loopls.vsix)

$(EDITORS_VSIX): $(EDITORS_VSCODE)/node_modules/.loopls-installed-lock $(EDITORS_VSCODE_SRC)
	cd $(EDITORS_VSCODE) && npx tsc -p . --noEmit && npx tsc -p tsconfig.webview.json && node esbuild.mjs --production && \
		npx vsce package --no-dependencies --out loopls.vsix

test-editors-unit: $(EDITORS_VSCODE)/node_modules/.loopls-installed-lock ## unit tests of the VS Code extension's pure parts
	cd $(EDITORS_VSCODE) && npx tsc -p . --noEmit && npx tsc -p tsconfig.webview.json && rm -rf out && npx tsc -p tsconfig.test.json && node --test out/test/

# Every harness runs even when one fails; the target fails if any did.
test-editors: vsix ## Neovim, VS Code and Emacs, headless, against bin/loopls (editors/ci-install.sh first)
	$(or $(GO),go) build -o $(EDITORS_LOOPLS) ./cmd/loopls
	@rc=0; \
	LOOPLS_BIN=$(EDITORS_LOOPLS) bash editors/test/nvim.sh || rc=1; \
	LOOPLS_BIN=$(EDITORS_LOOPLS) VSIX=$(CURDIR)/$(EDITORS_VSIX) bash editors/test/vscode.sh || rc=1; \
	LOOPLS_BIN=$(EDITORS_LOOPLS) bash editors/test/emacs.sh || rc=1; \
	exit $$rc
