/**
 * Input of the import and export routes (API.md "Routes": POST /api/record/import,
 * GET /api/record/export).
 */
import { z } from 'zod';
import { idField } from '../../lib/validation.js';

/** Largest CSV text an import takes, in bytes (5 MB; the route's body limit is 6 MB). */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;

/** `POST /api/record/import`: `{csv, mood}`; the CSV's size is checked apart (413, not 400). */
export const importBodySchema = z.object({
  csv: z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? 'is required' : 'must be text'),
    })
    .refine((csv) => csv.trim() !== '', 'is required'),
  mood: idField,
});

/** `GET /api/record/export?format=csv|json`. */
export const exportQuerySchema = z.object({
  format: z.enum(['csv', 'json'], {
    error: (issue) => (issue.input === undefined ? 'is required (csv or json)' : 'must be csv or json'),
  }),
});
