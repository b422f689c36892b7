import { describe, expect, it } from 'vitest';
import { parseListenedAt, parseTimeSpent } from '@spincrate/contract';

describe('parseListenedAt at a fixed instant', () => {
  const lateOnNewYearsEve = new Date('2026-12-31T23:30:00.000Z');

  it('accepts up to tomorrow in UTC, across a year boundary', () => {
    expect(parseListenedAt('2026-12-31', lateOnNewYearsEve)).toEqual({ date: '2026-12-31' });
    expect(parseListenedAt('01/01/2027', lateOnNewYearsEve)).toEqual({ date: '2027-01-01' });
    expect(parseListenedAt('01/02/2027', lateOnNewYearsEve)).toEqual({
      error: 'must be between 1900-01-01 and 2027-01-01',
    });
  });

  it('uses the date part of a timestamp as written, whatever its offset', () => {
    // 2027-01-01T20:00-08:00 is already 2027-01-02 in UTC; the date written is what counts.
    expect(parseListenedAt('2027-01-01T20:00:00-08:00', lateOnNewYearsEve)).toEqual({ date: '2027-01-01' });
    expect(parseListenedAt('2026-12-31T01:00:00+14:00', lateOnNewYearsEve)).toEqual({ date: '2026-12-31' });
  });

  it('tells a day that does not exist from a malformed text', () => {
    expect(parseListenedAt('02/30/2026', lateOnNewYearsEve)).toEqual({
      error: 'is not a real calendar date',
    });
    expect(parseListenedAt('2026/02/03', lateOnNewYearsEve)).toEqual({
      error: 'must be a date as MM/DD/YYYY or YYYY-MM-DD',
    });
    expect(parseListenedAt('0050-01-01', lateOnNewYearsEve)).toEqual({
      error: 'must be between 1900-01-01 and 2027-01-01',
    });
  });
});

describe('parseTimeSpent', () => {
  it('reads hours and minutes into minutes', () => {
    expect(parseTimeSpent('1:5')).toBe(65);
    expect(parseTimeSpent('99:59')).toBe(5999);
    expect(parseTimeSpent('0:00')).toBe(0);
  });

  it('refuses hours over 99, minutes over 59 and other shapes', () => {
    for (const text of ['100:00', '1:60', '1', '1:5:0', '١:٠٥', '1 :05'])
      expect(parseTimeSpent(text)).toBeNull();
  });
});
