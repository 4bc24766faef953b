// Renders an SVG to a PNG of SIZE×SIZE with a transparent background, through
// playwright-core and Debian's Chromium: how editors/vscode/media/icon.png
// (the marketplace icon) was made from icon.svg.
// usage: NODE_PATH=editors/test/node_modules node editors/test/render-icon.js IN.svg OUT.png SIZE
'use strict';
const { chromium } = require('playwright-core');
const fs = require('fs');
(async () => {
  const [svg, png, size] = process.argv.slice(2);
  const b = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  const p = await b.newPage({ viewport: { width: +size, height: +size } });
  await p.setContent(`<html><body style="margin:0;background:transparent">${fs.readFileSync(svg, 'utf8')}</body></html>`);
  await p.screenshot({ path: png, omitBackground: true, clip: { x: 0, y: 0, width: +size, height: +size } });
  await b.close();
})();
