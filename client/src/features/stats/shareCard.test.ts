import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeRecord } from '@/test/records';
import type { YearReview } from './stats.types';
import { cardCovers, cardFacts, cardPng, cardSvg, type CardCover } from './shareCard';

// EXTENSIONS.md §10: "Share card: a 1080×1350 image of the headline numbers and top 5 records
// (titles as text; covers only where they can be drawn)". API.md "Covers served by Spincrate":
// covers are shown from Spincrate's own origin, "drawable on a canvas (the year-in-review card)";
// a record's `cover` is `{small: "/covers/{key}-250.webp", large: "/covers/{key}-500.webp"}` once
// fetched, else null.
const KEY = '00112233445566778899aabbccddeeff';
const OWN = { small: `/covers/${KEY}-250.webp`, large: `/covers/${KEY}-500.webp` };
const THIRD_PARTY = 'https://coverartarchive.org/release/1234/front';

function review(fields: Partial<YearReview> = {}): YearReview {
  const records = [
    makeRecord({ id: 1, title: 'Hejira', artist: 'Joni Mitchell', coverart: THIRD_PARTY, cover: OWN }),
    makeRecord({ id: 2, title: 'Tago Mago', artist: 'Can', coverart: THIRD_PARTY, cover: null }),
  ];
  return {
    year: 2025,
    complete: true,
    spins: 12,
    plays: 20,
    minutes: 600,
    records_played: 2,
    records_added: 1,
    first_plays: 1,
    rescued: 0,
    top_records: records.map((record, i) => ({ record, plays: 10 - i })),
    top_artists: [
      { artist: 'Joni Mitchell', records: 1, plays: 10 },
      { artist: 'Can', records: 1, plays: 9 },
    ],
    by_mood: [],
    by_tag: [],
    by_decade: [],
    longest_streak: 3,
    busiest_month: 1,
    busiest_weekday: 1,
    plays_by_month: Array.from({ length: 12 }, () => 0),
    favourite_new_record: null,
    spend: [],
    ...fields,
  };
}

/** The `<text>` elements of an SVG: their x, font size and text. */
function texts(svg: string): Array<{ x: number; size: number; text: string }> {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  return [...doc.querySelectorAll('text')].map((node) => ({
    x: Number(node.getAttribute('x')),
    size: Number(node.getAttribute('font-size')),
    text: node.textContent ?? '',
  }));
}

describe('the share card (EXTENSIONS.md §10)', () => {
  it("takes a top record's own cover and never another host's", () => {
    const facts = cardFacts(review(), '2025 in review', '10');
    expect(facts.records.map((record) => record.cover)).toEqual([OWN.small, null]);
    const covers = cardCovers(facts);
    expect(covers.map((cover) => cover.src)).toEqual([OWN.small]);
    expect(JSON.stringify(covers)).not.toContain('coverartarchive.org');
    // The cover sits beside its title: left of where the first title starts, on its row.
    const svg = cardSvg(facts);
    const title = texts(svg).find((text) => text.text === '1. Hejira')!;
    expect(covers[0]!.x + covers[0]!.size).toBeLessThanOrEqual(title.x);
    // Titles stay text: no image in the SVG.
    expect(svg).not.toContain('<image');
  });

  it('cuts long titles and names with an ellipsis before the two columns meet', () => {
    // The audit's card: "5. New Twenty-Six B With A D…" almost touched "5. Audit Artist Fi…".
    const long = 'New Twenty-Six B With A Different Name And A Longer Subtitle (Deluxe Edition)';
    const wide = 'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW';
    const records = [long, wide, long, wide, long].map((title, i) =>
      makeRecord({ id: 10 + i, title, artist: `${wide} ${i}` }),
    );
    const facts = cardFacts(
      review({
        top_records: records.map((record, i) => ({ record, plays: 9 - i })),
        top_artists: [1, 2, 3, 4, 5].map((i) => ({
          artist: i % 2 ? `Audit Artist Five With A Very Long Name ${i}` : `${wide} ${i}`,
          records: 1,
          plays: 6 - i,
        })),
      }),
      '2025 in review',
      '10',
    );
    const svg = cardSvg(facts);
    const all = texts(svg);
    const titles = all.filter((text) => /^[1-5]\. (New|W)/.test(text.text) && text.size > 30);
    const artists = all.filter((text) => /^[1-5]\. (Audit|W)/.test(text.text) && text.size < 30);
    expect(titles).toHaveLength(5);
    expect(artists).toHaveLength(5);
    for (const text of [...titles, ...artists]) expect(text.text.endsWith('…')).toBe(true);
    expect(titles[4]!.text.startsWith('5. New Twenty-Six')).toBe(true);
    // Each list is kept to its own column, the records' ending 20 px or more before the artists'.
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const column = (text: string) => {
      const node = [...doc.querySelectorAll('text')].find((n) => n.textContent === text)!;
      const id = /^url\(#(.+)\)$/.exec(node.closest('g[clip-path]')!.getAttribute('clip-path')!)![1]!;
      const rect = doc.getElementById(id)!.querySelector('rect')!;
      const x = Number(rect.getAttribute('x'));
      return { left: x, right: x + Number(rect.getAttribute('width')) };
    };
    const recordsColumn = column(titles[0]!.text);
    const artistsColumn = column(artists[0]!.text);
    expect(recordsColumn.right).toBeLessThanOrEqual(artistsColumn.left - 20);
    expect(artistsColumn.right).toBeLessThanOrEqual(1040);
    for (const t of titles) expect(column(t.text)).toEqual(recordsColumn);
    for (const a of artists) expect(column(a.text)).toEqual(artistsColumn);
    // A title of the widest letter ("W", 1.103 em in DejaVu Sans Bold, the card's first and
    // widest font; there the ellipsis is 1 em, a digit 0.696, "." 0.38, a space 0.348) is cut
    // so that it ends inside its column: cut text is never merely clipped.
    const em: Record<string, number> = { W: 1.103, '…': 1, '.': 0.38, ' ': 0.348 };
    for (const text of [...titles, ...artists].filter((t) => /^[1-5]\. W/.test(t.text))) {
      const width = [...text.text].reduce((sum, char) => sum + (em[char] ?? 0.696), 0) * text.size;
      const own = text.size > 30 ? recordsColumn : artistsColumn;
      expect(text.x).toBeGreaterThanOrEqual(own.left);
      expect(text.x + width).toBeLessThanOrEqual(own.right);
    }
    // A short title is kept whole.
    expect(texts(cardSvg(cardFacts(review(), '2025 in review', '10'))).map((t) => t.text)).toContain(
      '2. Tago Mago',
    );
  });
});

describe('cardPng', () => {
  /** What the canvas was asked to draw (each image's src), and which images were loaded. */
  let drawnOnCanvas: string[];
  let requested: string[];

  class FakeImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    decoding = 'auto';
    naturalWidth = 250;
    naturalHeight = 300;
    #src = '';
    constructor(
      public width = 0,
      public height = 0,
    ) {}
    get src() {
      return this.#src;
    }
    set src(value: string) {
      this.#src = value;
      requested.push(value);
      // The SVG (a data: URL) loads; covers are awaited with decode().
      if (value.startsWith('data:')) queueMicrotask(() => this.onload?.());
    }
    decode(): Promise<void> {
      return this.#src.includes('broken') ? Promise.reject(new Error('EncodingError')) : Promise.resolve();
    }
  }

  beforeEach(() => {
    drawnOnCanvas = [];
    requested = [];
    vi.stubGlobal('Image', FakeImage);
    const context = {
      drawImage: vi.fn((image: FakeImage) => drawnOnCanvas.push(image.src)),
      save: vi.fn(),
      restore: vi.fn(),
      beginPath: vi.fn(),
      rect: vi.fn(),
      roundRect: vi.fn(),
      clip: vi.fn(),
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback: BlobCallback) =>
      callback(new Blob(['png'], { type: 'image/png' })),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("draws the card, then each own cover once it is decoded, and never another origin's image", async () => {
    const facts = cardFacts(review(), '2025 in review', '10');
    const covers: CardCover[] = [
      ...cardCovers(facts),
      // Even when asked to: an image of another host would taint the canvas.
      { src: THIRD_PARTY, x: 90, y: 846, size: 96 },
    ];
    const png = await cardPng(cardSvg(facts), covers);
    expect(png.type).toBe('image/png');
    expect(drawnOnCanvas).toHaveLength(2);
    expect(drawnOnCanvas[0]).toMatch(/^data:image\/svg\+xml/);
    expect(drawnOnCanvas[1]).toBe(OWN.small);
    expect(requested).not.toContain(THIRD_PARTY);
    expect(drawnOnCanvas).not.toContain(THIRD_PARTY);
  });

  it('a cover that cannot be decoded is left out; the card is still made', async () => {
    const png = await cardPng(cardSvg(cardFacts(review(), '2025 in review', '10')), [
      { src: `/covers/broken${KEY.slice(6)}-250.webp`, x: 90, y: 730, size: 96 },
    ]);
    expect(png.type).toBe('image/png');
    expect(drawnOnCanvas).toHaveLength(1);
    expect(drawnOnCanvas[0]).toMatch(/^data:image\/svg\+xml/);
  });
});
