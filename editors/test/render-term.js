// Renders terminal screens saved by `tmux capture-pane -e` (text with SGR
// colour sequences) to PNGs, through playwright-core and Debian's Chromium:
// how capture-nvim.sh makes docs/img/nvim-*-{dark,light}.png. The SGR codes
// become styled spans in HTML; cells with the terminal's default colours get
// Neovim's default Normal colours for THEME, as a terminal set to match would.
// usage: NODE_PATH=editors/test/node_modules node editors/test/render-term.js IN.ans THEME OUT.png [IN THEME OUT]...
'use strict';
const { chromium } = require('playwright-core');
const fs = require('fs');

// Neovim's NvimDarkGrey2 / NvimLightGrey2 (the default colorscheme's Normal).
const themes = {
  dark: { fg: '#e0e2ea', bg: '#14161b' },
  light: { fg: '#14161b', bg: '#e0e2ea' },
};

// The xterm 256-colour palette.
function xterm(n) {
  const base = ['#000000', '#cd0000', '#00cd00', '#cdcd00', '#0000ee', '#cd00cd', '#00cdcd', '#e5e5e5',
    '#7f7f7f', '#ff0000', '#00ff00', '#ffff00', '#5c5cff', '#ff00ff', '#00ffff', '#ffffff'];
  if (n < 16) return base[n];
  if (n < 232) {
    const c = n - 16, v = (x) => (x === 0 ? 0 : 55 + x * 40);
    return rgb(v(Math.floor(c / 36)), v(Math.floor(c / 6) % 6), v(c % 6));
  }
  const g = 8 + (n - 232) * 10;
  return rgb(g, g, g);
}
function rgb(r, g, b) {
  return '#' + [r, g, b].map((x) => Math.max(0, Math.min(255, x | 0)).toString(16).padStart(2, '0')).join('');
}

// Applies one SGR sequence's parameters to the pen.
function sgr(pen, params) {
  const p = params === '' ? [0] : params.split(/[;:]/).map((x) => (x === '' ? 0 : Number(x)));
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === 0) Object.assign(pen, { fg: null, bg: null, bold: false, italic: false, under: false, reverse: false, strike: false });
    else if (c === 1) pen.bold = true;
    else if (c === 3) pen.italic = true;
    else if (c === 4) pen.under = true;
    else if (c === 7) pen.reverse = true;
    else if (c === 9) pen.strike = true;
    else if (c === 22) pen.bold = false;
    else if (c === 23) pen.italic = false;
    else if (c === 24) pen.under = false;
    else if (c === 27) pen.reverse = false;
    else if (c === 29) pen.strike = false;
    else if (c >= 30 && c <= 37) pen.fg = xterm(c - 30);
    else if (c >= 90 && c <= 97) pen.fg = xterm(c - 90 + 8);
    else if (c >= 40 && c <= 47) pen.bg = xterm(c - 40);
    else if (c >= 100 && c <= 107) pen.bg = xterm(c - 100 + 8);
    else if (c === 39) pen.fg = null;
    else if (c === 49) pen.bg = null;
    else if (c === 38 || c === 48 || c === 58) {
      let colour = null;
      if (p[i + 1] === 5) { colour = xterm(p[i + 2]); i += 2; }
      else if (p[i + 1] === 2) { colour = rgb(p[i + 2], p[i + 3], p[i + 4]); i += 4; }
      if (c === 38) pen.fg = colour;
      else if (c === 48) pen.bg = colour;
    }
  }
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// The screen as HTML lines, one <div> each.
function toHTML(text, theme) {
  const pen = { fg: null, bg: null };
  sgr(pen, '0');
  const lines = text.replace(/\n$/, '').split('\n');
  return lines.map((line) => {
    let html = '';
    const parts = line.split(/\x1b\[([0-9;:]*)m/);
    for (let i = 0; i < parts.length; i++) {
      if (i % 2 === 1) { sgr(pen, parts[i]); continue; }
      const s = parts[i].replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
      if (!s) continue;
      let fg = pen.fg || theme.fg, bg = pen.bg || theme.bg;
      if (pen.reverse) [fg, bg] = [bg, fg];
      const style = [`color:${fg}`, `background:${bg}`];
      if (pen.bold) style.push('font-weight:bold');
      if (pen.italic) style.push('font-style:italic');
      const deco = [pen.under && 'underline', pen.strike && 'line-through'].filter(Boolean);
      if (deco.length) style.push(`text-decoration:${deco.join(' ')}`);
      html += `<span style="${style.join(';')}">${esc(s)}</span>`;
    }
    return `<div>${html || ' '}</div>`;
  }).join('');
}

(async () => {
  const args = process.argv.slice(2);
  if (args.length === 0 || args.length % 3 !== 0) {
    console.error('usage: render-term.js IN.ans THEME OUT.png [IN THEME OUT]...');
    process.exit(2);
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
    for (let i = 0; i < args.length; i += 3) {
      const [input, name, png] = args.slice(i, i + 3);
      const theme = themes[name];
      if (!theme) throw new Error(`unknown theme ${name} (dark or light)`);
      const body = toHTML(fs.readFileSync(input, 'utf8'), theme);
      await page.setContent(`<!doctype html><html><head><meta charset="utf-8"><style>
        body { margin: 0; background: ${theme.bg}; }
        #term { display: inline-block; padding: 10px 12px; background: ${theme.bg}; color: ${theme.fg};
          font: 15px/1.3 'DejaVu Sans Mono', monospace; white-space: pre; }
        #term div { height: 1.3em; }
      </style></head><body><div id="term">${body}</div></body></html>`);
      await page.locator('#term').screenshot({ path: png });
      console.log(`wrote ${png}`);
    }
  } finally {
    await browser.close();
  }
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
