/**
 * Lean headers for the built client's scripts, stylesheets, fonts and images (issue 11: the
 * login screen ≤ 100 KB transferred, and each response's headers count).
 *
 * helmet sets its headers on every answer before the router knows what it will send. Most of
 * them are read only when the answer is a document (an HTML page, or a file the browser may
 * open as one): the Content-Security-Policy, Cross-Origin-Opener-Policy, Origin-Agent-Cluster,
 * X-Frame-Options, X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies
 * and X-XSS-Protection. A script or stylesheet loaded by the page runs under the page's CSP, not
 * its own, so on those files they are dead weight (about 650 bytes each). What a subresource
 * does use stays: X-Content-Type-Options (no MIME sniffing of a script or stylesheet),
 * Cross-Origin-Resource-Policy, Referrer-Policy (a stylesheet's own requests), HSTS and
 * X-Request-Id. Pages, SVG images (a browser opens them as documents), HTML files of `public/`
 * (the chat-bot help page) and every `/api` answer keep helmet's full set (API.md "Security").
 */
import type { ServerResponse } from 'node:http';
import path from 'node:path';

/** helmet's headers that only a document acts on. */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
] as const;

/**
 * Extensions of the files a page only loads as subresources (never opened as a document):
 * scripts, stylesheets, WebAssembly, fonts and raster images. SVG and HTML are not in it.
 */
const SUBRESOURCE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.wasm',
  '.woff',
  '.woff2',
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
  '.avif',
  '.gif',
  '.ico',
]);

/**
 * True when `file` (a path in the build, possibly its precompressed `.br`/`.gz` copy) is a
 * subresource-only file whose answer can drop the document-only headers.
 * @param file - the file's path or name
 */
function isSubresourceFile(file: string): boolean {
  const name = file.replace(/\.(br|gz)$/i, '');
  return SUBRESOURCE_EXTENSIONS.has(path.extname(name).toLowerCase());
}

/**
 * Removes helmet's document-only headers from the answer of a subresource-only file; leaves
 * every other answer as it is. Call it where the static file handler sets its headers.
 * @param res - the answer, headers not yet sent
 * @param file - the file being sent
 */
export function trimDocumentHeaders(res: ServerResponse, file: string): void {
  if (!isSubresourceFile(file)) return;
  for (const header of DOCUMENT_ONLY_HEADERS) res.removeHeader(header);
}
