/** Date formats of PRODUCT.md §9, with date-fns. */
import { format, isValid, parseISO } from 'date-fns';

export const UNKNOWN_DATE = 'Unknown date';

function parse(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  // A bare calendar date (YYYY-MM-DD) is read as that day, with no timezone shift.
  const date = parseISO(value);
  return isValid(date) ? date : undefined;
}

/** MM/DD/YYYY (spin list and detail), or "Unknown date". */
export function formatLongDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? format(date, 'MM/dd/yyyy') : UNKNOWN_DATE;
}

/** M/DD/YY (galleries), or "Unknown date". */
export function formatShortDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? format(date, 'M/dd/yy') : UNKNOWN_DATE;
}
