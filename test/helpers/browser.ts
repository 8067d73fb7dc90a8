import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Debian's Chromium (`command -v chromium`), or null where none is installed (the tests skip). */
export const CHROMIUM = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
})();

/** Flags for headless Chromium in a container. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu'];

/** Where the issue-24 screenshots go: SCREENSHOTS_DIR, else test/console/screenshots (git-ignored). */
export const SHOTS_DIR = resolve(process.env.SCREENSHOTS_DIR ?? 'test/console/screenshots');

/** The two viewports every screen is shot at (issue 24). */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Builds the widget and the console when their sources are newer than the build. */
export function buildFrontEnds() {
  execFileSync(process.execPath, ['scripts/build-web.ts'], { stdio: 'inherit' });
}

/** Serious or critical axe-core findings on the page as it is now. */
export async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: page as never }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

interface Asserts {
  same(found: unknown, wanted: unknown, message: string): unknown;
  ok(value: unknown, message: string): unknown;
}

/**
 * Screenshots the page as `name` at its current viewport, checks axe-core finds no serious or
 * critical issue and, at phone width, that nothing overflows sideways (`scrollWidth ≤ innerWidth`).
 */
export async function screen(t: Asserts, page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const size = page.viewportSize()!;
  await page.screenshot({ path: join(SHOTS_DIR, `${name}-${size.width}.png`), fullPage: true });
  t.same(await axeProblems(page), [], `${name} at ${size.width} px: axe-core finds no serious issue`);
  if (size.width < 768) {
    // A string: this program is type-checked without the DOM lib. `wide` names what sticks out.
    const { scroll, inner, wide } = await page.evaluate<{ scroll: number; inner: number; wide: string[] }>(`({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
      wide: [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .filter((el) => {
          for (let a = el.parentElement; a; a = a.parentElement)
            if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(a).overflowX)) return false;
          return true;
        })
        .slice(0, 5)
        .map((el) => el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : '')),
    })`);
    t.ok(
      scroll <= inner,
      `${name} at ${size.width} px: no horizontal overflow (${scroll} ≤ ${inner}) ${wide.join(' ')}`,
    );
  }
}
