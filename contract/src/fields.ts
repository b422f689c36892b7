/**
 * The building blocks of request validation (API.md "Conventions" and "Field rules"):
 * text is trimmed before it is checked, ids are positive integers given as numbers or
 * strings of digits. Each failure carries the message that ends up in `fields`
 * (`{ title: "is required" }`).
 */
import { z } from 'zod';
import { MAX_ID } from './limits.js';

/** `is required` for a missing or null value, `must be text` for anything else that is not a string. */
export const textError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'is required' : 'must be text';

/**
 * A required text field: trimmed, then 1..max characters.
 * @param max - the most characters allowed
 */
export function requiredText(max: number) {
  return z
    .string({ error: textError })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);
}

/**
 * An optional text field: trimmed, 0..max characters; missing or null becomes ''.
 * @param max - the most characters allowed
 */
export function optionalText(max: number) {
  return z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');
}

/**
 * Reads a positive integer id (1..2147483647) from a number or a string of digits.
 * @returns the id, or null for anything else (`abc`, `-1`, `1.5`, `1e3`, empty)
 */
export function toId(value: unknown): number | null {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 1 && value <= MAX_ID ? value : null;
  }
  if (typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value)) {
    const n = Number(value);
    return n <= MAX_ID ? n : null;
  }
  return null;
}

/** How an id is written on the wire: a positive integer, or a string of its digits. */
export const idInputSchema = z.union([z.int().min(1).max(MAX_ID), z.string().regex(/^[1-9][0-9]{0,9}$/)]);

/**
 * A zod field holding an id, given as a number or a numeric string; parses to the number.
 * Its input side (for documents such as OpenAPI) is "a positive integer or its digits".
 */
export const idField: z.ZodType<number, number | string> = z
  .unknown()
  .transform((value, ctx) => {
    const id = toId(value);
    if (id === null) {
      ctx.addIssue({
        code: 'custom',
        message:
          value === undefined || value === null || value === ''
            ? 'is required'
            : 'must be a positive whole number',
      });
      return z.NEVER;
    }
    return id;
  })
  .meta({
    description: 'a positive integer id (1–2147483647), as a number or a string of digits',
  }) as unknown as z.ZodType<number, number | string>;

/**
 * One of fixed texts (a grade, a share scope), trimmed before it is checked (API.md
 * "Conventions": text fields are trimmed before validation): `" Mint (M) "` is `Mint (M)`.
 * Its input side (for documents such as OpenAPI) is the enum itself.
 * @param values - the texts allowed
 * @param error - the message of a value that is not one of them (or of a missing one)
 */
export function trimmedChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  error: string | ((issue: { input?: unknown }) => string),
) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.enum(values, { error }),
  );
}
