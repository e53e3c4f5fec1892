import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Screenshots of the page at 1366×768 and 1920×1080, light and dark, as `<name>-<w>x<h>-<scheme>.png`
 * in `dir`; with `testId`, that element is scrolled to the top of the window first. The page is left
 * at 1366×768, light.
 */
export async function shootSizes(page: Page, dir: string, name: string, testId?: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      if (testId !== undefined)
        await page.getByTestId(testId).evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: join(dir, `${name}-${width}x${height}-${colorScheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 768 });
}
