// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate } from './dates';

describe('date formats (PRODUCT.md §9)', () => {
  it('formats spin dates as MM/DD/YYYY without a timezone shift', () => {
    expect(formatLongDate('2026-01-05')).toBe('01/05/2026');
    expect(formatLongDate('2026-11-20')).toBe('11/20/2026');
  });
  it('formats gallery dates as M/DD/YY', () => {
    expect(formatShortDate('2026-01-05')).toBe('1/05/26');
    expect(formatShortDate('2026-11-20')).toBe('11/20/26');
  });
  it('says "Unknown date" when the date is missing or invalid', () => {
    expect(formatLongDate(null)).toBe('Unknown date');
    expect(formatShortDate(undefined)).toBe('Unknown date');
    expect(formatShortDate('not a date')).toBe('Unknown date');
  });
});
