#!/usr/bin/env node
// Renders build/icon.svg to the PNGs electron-builder uses: build/icon.png (1024x1024; it derives
// the Windows .ico and macOS .icns from it) and build/icons/<n>x<n>.png for Linux. The PNGs are
// committed, so a release build needs no Chromium; run this (`npm run icons`) after editing the SVG.
// Chromium: /usr/bin/chromium, or the path in $CHROMIUM_PATH.
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

export const LINUX_ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];
export const MAIN_ICON_SIZE = 1024;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every PNG to write: [path relative to the repository, size in pixels]. */
export function iconOutputs() {
  return [
    ['build/icon.png', MAIN_ICON_SIZE],
    ...LINUX_ICON_SIZES.map((size) => [`build/icons/${size}x${size}.png`, size]),
  ];
}

async function main() {
  const svg = readFileSync(join(root, 'build/icon.svg'), 'utf8');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const [file, size] of iconOutputs()) {
      await page.setViewportSize({ width: size, height: size });
      // The SVG scales to the viewport; Chromium rasterises it at the target size (crisper than
      // downscaling the 1024 render).
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent">` +
          `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" ` +
          `width="${size}" height="${size}" style="display:block"></body></html>`,
      );
      await page.locator('img').evaluate((img) => img.decode());
      const png = await page.screenshot({ omitBackground: true, type: 'png' });
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), png);
      console.log(`${file}  ${size}x${size}  ${png.length} bytes`);
    }
  } finally {
    await browser.close();
  }
}

if (isMainModule()) await main();

/** Run as a script, not imported? (realpath: Node resolves symlinks for the main module's URL.) */
function isMainModule() {
  return Boolean(process.argv[1]) && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
}
