/**
 * Reads of the offline copy (EXTENSIONS.md §9) on fake-indexeddb: the wantlist with the server's
 * rules, a blindbag draw with the server's filters, and the barcode answer at the record shop
 * (both UPC-A/EAN-13 forms; API.md "Adding by barcode").
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Want } from '@spincrate/contract';
import { makeRecord } from '@/lib/components/fixtures';
import { deleteOfflineCopy, openOfflineCopy } from './db';
import { answerBarcodeFromCopy, drawFromCopy, readCopyRecords, readCopyWants } from './read';

const SYNCED = '2026-11-20T09:41:00.000Z';

function want(fields: Partial<Want>): Want {
  return {
    id: 1,
    title: 'Maggot Brain',
    artist: 'Funkadelic',
    year: 1971,
    barcode: null,
    mb_release_id: null,
    mb_release_group_id: null,
    coverart: '/covers/fallback.svg',
    priority: 2,
    max_price: null,
    notes: null,
    date_added: '2026-01-01T10:00:00.000Z',
    cover: null,
    ...fields,
  };
}

async function storeCopy(records = [makeRecord({ id: 1 })], wants: Want[] = []) {
  const db = await openOfflineCopy(1);
  for (const r of records) await db.put('records', r);
  for (const w of wants) await db.put('wants', w);
  await db.put(
    'meta',
    { userId: 1, recordsRev: 1, wantsRev: 1, syncedAt: SYNCED, persistAsked: true },
    'state',
  );
}

afterEach(async () => {
  await deleteOfflineCopy();
});

describe('reading the offline copy', () => {
  it('has nothing to show before a complete sync', async () => {
    await openOfflineCopy(1);
    expect(await readCopyRecords(1, { sort: 'newest' })).toBeUndefined();
  });

  it('lists the wants with the server’s sort and search', async () => {
    await storeCopy(
      [],
      [
        want({ id: 1, title: 'Blue Train', priority: 3 }),
        want({ id: 2, title: 'Kind of Blue', priority: 1 }),
        want({ id: 3, title: 'Maggot Brain', priority: 2 }),
      ],
    );
    const copy = await readCopyWants(1, 'priority', 'BLUE');
    expect(copy?.value.map((w) => w.title)).toEqual(['Kind of Blue', 'Blue Train']);
    expect(copy?.syncedAt).toBe(SYNCED);
  });

  it('draws only among the records the blindbag’s filters keep', async () => {
    await storeCopy([
      makeRecord({ id: 1, title: 'Spun yesterday', folder: 'Jazz', last_played: '2026-11-19' }),
      makeRecord({ id: 2, title: 'Never spun', folder: 'jazz', last_played: null }),
      makeRecord({ id: 3, title: 'Spun long ago', folder: 'Rock', last_played: '2026-01-01' }),
    ]);
    const today = new Date('2026-11-20T12:00:00Z');
    for (const random of [0, 0.5, 0.99]) {
      const copy = await drawFromCopy(1, { unplayedDays: 7, folder: 'JAZZ' }, () => random, today);
      expect(copy?.value?.title).toBe('Never spun');
    }
    const none = await drawFromCopy(1, { search: 'nothing like this' }, () => 0, today);
    expect(none?.value).toBeNull();
  });

  it('answers a barcode in either UPC-A or EAN-13 form, wants and other editions included', async () => {
    await storeCopy(
      [
        makeRecord({ id: 1, title: 'Dummy', artist: 'Portishead', barcode: '0042282855312' }),
        makeRecord({ id: 2, title: 'maggot brain', artist: 'FUNKADELIC', barcode: '5012345678900' }),
      ],
      [want({ id: 7, title: 'Maggot Brain', artist: 'Funkadelic', barcode: '724384960650' })],
    );
    const owned = await answerBarcodeFromCopy(1, '042282855312');
    expect(owned?.value.record).toEqual({ id: 1, title: 'Dummy', artist: 'Portishead' });
    expect(owned?.records).toBe(2);

    const wanted = await answerBarcodeFromCopy(1, '0724384960650');
    expect(wanted?.value).toEqual({
      record: null,
      want: { id: 7, title: 'Maggot Brain', artist: 'Funkadelic' },
      otherEditions: [{ id: 2, title: 'maggot brain', artist: 'FUNKADELIC' }],
    });

    const unknown = await answerBarcodeFromCopy(1, '96385074');
    expect(unknown?.value).toEqual({ record: null, want: null, otherEditions: [] });
  });
});
