/**
 * Input validation with zod (API.md "Conventions" and "Field rules").
 * Text is trimmed before it is checked; every failure becomes a 400
 * `validation_failed` with a `fields` map such as `{ title: "is required" }`.
 */
import { z } from 'zod';
import { ValidationError } from './errors.js';

/** Largest id a path or query may carry (PostgreSQL `integer`). */
export const MAX_ID = 2147483647;

const textError = (issue: { input?: unknown }) =>
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

/** A zod field holding an id, given as a number or a numeric string. */
export const idField = z.unknown().transform((value, ctx) => {
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
});

/**
 * Validates input against a schema.
 * @param schema - a zod schema
 * @param input - the request body, query or params (undefined is read as `{}`)
 * @returns the parsed, trimmed value
 * @throws ValidationError (400) naming every invalid field
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    const message = key === 'body' && issue.code === 'invalid_type' ? 'must be a JSON object' : issue.message;
    fields[key] ??= message;
  }
  const [firstKey, firstMessage] = Object.entries(fields)[0] ?? ['body', 'is invalid'];
  throw new ValidationError(`${firstKey} ${firstMessage}`, fields);
}

/**
 * Reads an id from a path segment or query value.
 * @param name - the parameter's name, used in the error
 * @throws ValidationError (400) when it is not a positive integer id
 */
export function parseId(value: unknown, name = 'id'): number {
  const id = toId(value);
  if (id === null) {
    throw new ValidationError(`${name} must be a positive whole number`, {
      [name]: 'must be a positive whole number',
    });
  }
  return id;
}

/**
 * Turns search text into an ILIKE pattern that matches it literally:
 * `%`, `_` and `\` in the text match themselves.
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Finds a string holding a NUL character (U+0000), which PostgreSQL text cannot store,
 * anywhere in a parsed JSON body or query. Walks iteratively, so deep nesting is safe.
 * @returns the dotted path of the first such string ('' for the value itself), or undefined
 */
export function findNulCharacter(value: unknown): string | undefined {
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        pending.push([child, path ? `${path}.${key}` : key]);
        if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
      }
    }
  }
  return undefined;
}
