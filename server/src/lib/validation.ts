/**
 * Input validation (API.md "Conventions" and "Field rules") with the zod schemas of
 * `@spincrate/contract`. Text is trimmed before it is checked; every failure becomes a
 * 400 `validation_failed` with a `fields` map such as `{ title: "is required" }`.
 */
import type { z } from 'zod';
import { toId } from '@spincrate/contract';
import { ValidationError } from './errors.js';

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
