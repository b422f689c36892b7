/**
 * The record shop's scan list (EXTENSIONS.md §9) on fake-indexeddb: codes kept offline once each,
 * looked up through `GET /api/lookup/barcode` (faked with msw as API.md answers it) once the
 * server answers, and kept waiting while it does not.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { Release } from '@spincrate/contract';
import { server } from '@/test/server';
import { deleteOfflineCopy } from './db';
import { lookUpScans, queueScan, readScans } from './scans';

const DUMMY: Release = {
  mb_release_id: '0b7f4b6e-1f1c-4c5e-9a33-3f4f5c7a0c11',
  mb_release_group_id: '48b6f7d5-9d8a-3a53-a6f5-1b2d6c1b0a22',
  title: 'Dummy',
  artist: 'Portishead',
  year: 1994,
  label: null,
  catalog_number: null,
  country: null,
  format: null,
  coverart: null,
  owned: {
    record_id: null,
    other_editions: [41],
    want_id: null,
    records: [{ id: 41, title: 'Dummy', artist: 'Portishead' }],
  },
};

afterEach(async () => {
  await deleteOfflineCopy();
});

describe('the scan list', () => {
  it('keeps a code once, with the time of its latest scan, the latest first', async () => {
    await queueScan(1, '0042282855318', new Date('2026-11-26T10:00:00Z'));
    await queueScan(1, '12345670', new Date('2026-11-26T10:01:00Z'));
    await queueScan(1, '0042282855318', new Date('2026-11-26T10:02:00Z'));
    expect(await readScans(1)).toEqual([
      { code: '0042282855318', scannedAt: '2026-11-26T10:02:00.000Z', status: 'waiting' },
      { code: '12345670', scannedAt: '2026-11-26T10:01:00.000Z', status: 'waiting' },
    ]);
  });

  it('looks them up once the server answers: what was found, another edition owned, or nothing', async () => {
    await queueScan(1, '0042282855318');
    await queueScan(1, '12345670');
    server.use(
      http.get('/api/lookup/barcode', ({ request }) => {
        const code = new URL(request.url).searchParams.get('code') ?? '';
        return HttpResponse.json({ code, releases: code === '0042282855318' ? [DUMMY] : [] });
      }),
    );
    expect(await lookUpScans(1)).toBe(2);
    const byCode = Object.fromEntries((await readScans(1)).map((item) => [item.code, item]));
    expect(byCode['0042282855318']).toMatchObject({
      status: 'found',
      found: 'Dummy — Portishead',
      owned: 'other-edition',
    });
    expect(byCode['12345670']).toMatchObject({ status: 'none' });
    // Nothing is asked twice.
    expect(await lookUpScans(1)).toBe(0);
  });

  it('keeps them waiting while the server or the barcode service cannot be reached', async () => {
    await queueScan(1, '0042282855318');
    server.use(http.get('/api/lookup/barcode', () => HttpResponse.error()));
    expect(await lookUpScans(1)).toBe(0);
    server.use(
      http.get('/api/lookup/barcode', () =>
        HttpResponse.json(
          { error: { code: 'unavailable', message: 'down' } },
          { status: 503, headers: { 'Retry-After': '10' } },
        ),
      ),
    );
    expect(await lookUpScans(1)).toBe(0);
    expect(await readScans(1)).toEqual([expect.objectContaining({ status: 'waiting' })]);
  });
});
