/**
 * The page's first script inside the page (issue 11: Lighthouse on the collection ≥ 95).
 *
 * `theme-init.js` puts the stored theme on the page before it paints (PRODUCT.md §3) and
 * shows a signed-in collection page's first-visit loading screen (PRODUCT.md §2, §9;
 * `pageData.ts`). As a file it blocks the page's parser until it has come over the network,
 * behind the entry script and the screen's chunks on a slow phone connection; the page's
 * first paint, and the loading screen's logo, waited for it. Inside the page it runs as soon
 * as it is parsed. The CSP still allows no inline script but this one: its SHA-256 hash is
 * added to this page's `script-src` (CSP Level 2 hash sources).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Response } from 'express';

/** How `index.html` loads the script (client/index.html). */
export const THEME_INIT_TAG = '<script src="/theme-init.js"></script>';

/**
 * Puts the built `theme-init.js` inside the page in place of {@link THEME_INIT_TAG} and adds
 * its hash to the `script-src` of the response's Content-Security-Policy (set by helmet
 * before). The page is returned unchanged (the file is loaded as before) when it has no such
 * tag, the file cannot be read, its text could end the `<script>` element, or the CSP has
 * no `script-src`.
 * @param dist - the built client's folder
 * @param html - the page as it will be sent
 * @param res - the page's response, whose CSP header is changed
 * @returns the page to send
 */
export async function inlineThemeInit(dist: string, html: string, res: Response): Promise<string> {
  if (!html.includes(THEME_INIT_TAG)) return html;
  let code: string;
  try {
    code = await readFile(path.join(dist, 'theme-init.js'), 'utf8');
  } catch {
    return html;
  }
  if (/<\/script|<!--/i.test(code)) return html;
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp !== 'string' || !/(^|;)\s*script-src\s/.test(csp)) return html;
  const hash = createHash('sha256').update(code, 'utf8').digest('base64');
  res.setHeader(
    'Content-Security-Policy',
    csp.replace(/((?:^|;)\s*script-src\s[^;]*)/, (directive) => `${directive} 'sha256-${hash}'`),
  );
  return html.replace(THEME_INIT_TAG, () => `<script>${code}</script>`);
}
