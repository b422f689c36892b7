/**
 * Import and export routes, mounted at `/api/record` before the records router
 * (API.md "Routes" and "Import from a Discogs collection export"):
 * - `POST /import` `{csv, mood}` → 202 Import (the look-ups run afterwards in the background)
 * - `GET /import/{id}` → 200 Import with its progress
 * - `GET /export?format=csv|json` → 200 download of the caller's whole crate
 */
import { Router } from 'express';
import type { AppContext, AppServices } from '@/lib/context.js';
import { currentUser, requireAuth } from '@/lib/auth.js';
import { NotFoundError, PayloadTooLargeError } from '@/lib/errors.js';
import { fallbackCoverUrl } from '@/features/records/index.js';
import { parseId, parseInput } from '@/lib/validation.js';
import { exportCrateCsv, exportCrateJson } from './imports.export.js';
import { exportQuerySchema, importBodySchema, MAX_CSV_BYTES } from '@spincrate/contract';
import { getImport, importDiscogsCsv } from './imports.service.js';

/** The Content-Disposition of the download, e.g. `attachment; filename="spincrate-crate.csv"`. */
const download = (extension: 'csv' | 'json') => `attachment; filename="spincrate-crate.${extension}"`;

/**
 * Builds the import/export router.
 * @param services - the app's per-user limit of heavy requests and look-up sender
 */
export function createImportRouter(ctx: AppContext, services: AppServices): Router {
  const router = Router();
  const { heavy } = services;

  router.post('/import', requireAuth, heavy, async (req, res) => {
    const body = parseInput(importBodySchema, req.body);
    if (Buffer.byteLength(body.csv, 'utf8') > MAX_CSV_BYTES) {
      throw new PayloadTooLargeError('csv must be at most 5 MB');
    }
    const result = await importDiscogsCsv(ctx.db, services.lookups, {
      userId: currentUser(req).id,
      csv: body.csv,
      moodId: body.mood,
    });
    res.status(202).json(result);
  });

  router.get('/import/:id', requireAuth, async (req, res) => {
    const found = await getImport(ctx.db, currentUser(req).id, parseId(req.params.id));
    if (!found) throw new NotFoundError('No such import');
    res.json(found);
  });

  router.get('/export', requireAuth, heavy, async (req, res) => {
    const { format } = parseInput(exportQuerySchema, req.query);
    const userId = currentUser(req).id;
    // The download header is set only once the data is there, so an error stays a JSON answer.
    if (format === 'csv') {
      const csv = await exportCrateCsv(ctx.db, userId);
      res.set('Content-Disposition', download('csv')).type('text/csv; charset=utf-8').send(csv);
    } else {
      // One connection and one snapshot for the four reads: a heavy request holds at most
      // 2 of the pool's connections (lib/userLimit.ts), and the backup is consistent.
      const backup = await ctx.db.withTransaction(async (tx) => {
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        return exportCrateJson(tx, userId, fallbackCoverUrl(ctx.config));
      });
      res.set('Content-Disposition', download('json')).json(backup);
    }
  });

  return router;
}
