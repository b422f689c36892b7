/**
 * The fallback cover (`/covers/fallback.svg`, API.md "Cover art and tags": shown when no
 * cover was found), cached a day; any other path under `/covers` names no cover: 404.
 */
import path from 'node:path';
import type { Express } from 'express';
import { repoRoot } from '@/config.js';
import { FALLBACK_COVER_PATH } from '@spincrate/contract';

/**
 * Installs the fallback cover and the 404 of `/covers` (after the security headers, before the API).
 * @param app - the app being built
 */
export function installFallbackCover(app: Express): void {
  app.use(FALLBACK_COVER_PATH, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400');
    res.sendFile(path.join(repoRoot, 'server', 'public', 'fallback.svg'));
  });
  // Any other path under /covers names no cover.
  app.use('/covers', (_req, res) => {
    res.status(404).type('text/plain').send('404');
  });
}
