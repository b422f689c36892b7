/**
 * The share card of a year in review (EXTENSIONS.md §10): a 1080×1350 PNG drawn in the
 * browser, of the headline numbers and the top 5 records and artists. An SVG of the text
 * (every fact as `<text>`) is drawn onto a canvas, then each top record's own cover
 * (`cover`, a WebP thumbnail on Spincrate's origin: API.md "Covers served by Spincrate",
 * "drawable on a canvas") beside its title. A record without its own cover gets an empty
 * frame: an image from another host would taint the canvas and the PNG could not be made.
 * The canvas gives the PNG; it is shared with the system share sheet where the browser can
 * share files (`navigator.canShare({files})`), else downloaded.
 */
import type { YearReview } from './stats.types';

/** The card's size in pixels. */
const CARD_WIDTH = 1080;
const CARD_HEIGHT = 1350;

/** The lists' layout, in card pixels: top records on the left, top artists on the right. */
const LIST = {
  /** Baseline of the lists' headings. */
  headingY: 700,
  /** Top of the first row; each row is `pitch` lower. */
  top: 730,
  pitch: 116,
  /** The records' column: a `coverSize` square at `x`, the title and artist from `textX` up to `right`. */
  records: { x: 90, coverSize: 96, textX: 210, right: 700, titleSize: 32, artistSize: 26 },
  /** The artists' column, from `x` up to `right` (the card's inner edge, less a margin). */
  artists: { x: 740, right: 1000, size: 28 },
} as const;

/** How long a cover may take to load before the card is drawn without it. */
const COVER_TIMEOUT_MS = 5000;

/** Spincrate's own cover thumbnails (API.md "Covers served by Spincrate"): same origin, drawable. */
const OWN_COVER = /^\/covers\/[0-9a-f]{32}-(?:250|500)\.webp$/;

/** The card's text: its heading and the numbers and names it shows. */
export interface CardFacts {
  heading: string;
  numbers: Array<[label: string, value: string]>;
  /** The top 5 records; `cover` the path of the record's own thumbnail, or null. */
  records: Array<{ title: string; artist: string; cover: string | null }>;
  artists: string[];
}

/** A cover to draw on the card: its same-origin URL and its square, in card pixels. */
export interface CardCover {
  src: string;
  x: number;
  y: number;
  size: number;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** `text` cut to `max` characters with an ellipsis. */
function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** A map of each character of the groups to its group's width. */
function widths(...groups: Array<[chars: string, em: number]>): Map<string, number> {
  return new Map(groups.flatMap(([chars, em]) => [...chars].map((char) => [char, em] as const)));
}

/**
 * Advance widths in em of DejaVu Sans Bold and Book, the card's first and widest font
 * (Helvetica, Arial and the phones' sans-serif fonts are narrower), so a width estimated
 * from them is not short where the SVG is drawn with another font.
 */
// prettier-ignore
const EM = {
  bold: widths(
    [' ', 0.348], ['.,', 0.38], ['-', 0.415], [':;', 0.4], ["'", 0.332], ['!', 0.438], ['()', 0.457],
    ['0123456789', 0.696], ['&', 0.872], ['?', 0.58], ['@%', 1.0], ['/', 0.365], ['…', 1.0],
    ['A', 0.774], ['B', 0.762], ['C', 0.734], ['D', 0.83], ['EF', 0.683], ['G', 0.821], ['HN', 0.837],
    ['IJ', 0.372], ['K', 0.775], ['L', 0.637], ['M', 0.995], ['OQ', 0.85], ['P', 0.733], ['R', 0.77],
    ['S', 0.72], ['T', 0.682], ['U', 0.812], ['V', 0.774], ['W', 1.103], ['X', 0.771], ['Y', 0.724],
    ['Z', 0.725], ['a', 0.675], ['bdgpqu', 0.716], ['c', 0.593], ['e', 0.678], ['f', 0.435],
    ['hn', 0.712], ['ijl', 0.343], ['k', 0.665], ['m', 1.042], ['o', 0.687], ['r', 0.493],
    ['s', 0.595], ['t', 0.478], ['vy', 0.652], ['w', 0.924], ['x', 0.645], ['z', 0.582],
  ),
  regular: widths(
    [' ', 0.318], ['.,', 0.318], ['-', 0.361], [':;', 0.337], ["'", 0.275], ['!', 0.401], ['()', 0.39],
    ['0123456789', 0.636], ['&', 0.78], ['?', 0.531], ['@%', 1.0], ['/', 0.337], ['…', 1.0],
    ['A', 0.684], ['B', 0.686], ['C', 0.698], ['D', 0.77], ['E', 0.632], ['F', 0.575], ['G', 0.775],
    ['H', 0.752], ['IJ', 0.295], ['K', 0.656], ['L', 0.557], ['M', 0.863], ['N', 0.748], ['OQ', 0.787],
    ['P', 0.603], ['R', 0.695], ['S', 0.635], ['TY', 0.611], ['U', 0.732], ['VXZ', 0.685], ['W', 0.989],
    ['a', 0.613], ['bdgpqu', 0.635], ['c', 0.55], ['e', 0.615], ['f', 0.352], ['hn', 0.634],
    ['ijl', 0.278], ['k', 0.579], ['m', 0.974], ['o', 0.612], ['r', 0.411], ['s', 0.521],
    ['t', 0.392], ['vxy', 0.592], ['w', 0.818], ['z', 0.525],
  ),
};

/**
 * The estimated width in pixels of `text` at `fontSize` px, 3% over DejaVu Sans's. A letter
 * with an accent counts as its base letter; any other character as wide as an em.
 */
function textWidth(text: string, fontSize: number, bold: boolean): number {
  const table = bold ? EM.bold : EM.regular;
  const em = [...text].reduce((sum, char) => {
    const base = char.normalize('NFD')[0] ?? char;
    return sum + (table.get(char) ?? table.get(base) ?? 1);
  }, 0);
  return em * fontSize * 1.03;
}

/** `text` cut with an ellipsis so that at `fontSize` px (`bold` or not) it is at most `maxWidth` px wide. */
function fit(text: string, fontSize: number, maxWidth: number, bold: boolean): string {
  if (textWidth(text, fontSize, bold) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(`${chars.join('').trimEnd()}…`, fontSize, bold) > maxWidth)
    chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/**
 * What the card of `review` shows.
 * @param heading - the page's heading ("2025 in review", "2026 so far")
 * @param hours - the hours listened as the page shows them ("121.5")
 * @returns the facts; a top record's `cover` is its own 250 px thumbnail's path (same
 *   origin), null when it has none (no image of another host is ever drawn)
 */
export function cardFacts(review: YearReview, heading: string, hours: string): CardFacts {
  return {
    heading,
    numbers: [
      ['Spins', String(review.spins)],
      ['Hours', hours],
      ['Records played', String(review.records_played)],
      ['First plays', String(review.first_plays)],
      ['Rescued', String(review.rescued)],
      ['Longest streak', `${review.longest_streak} ${review.longest_streak === 1 ? 'day' : 'days'}`],
    ],
    records: review.top_records.slice(0, 5).map(({ record }) => ({
      title: record.title,
      artist: record.artist,
      cover: record.cover && OWN_COVER.test(record.cover.small) ? record.cover.small : null,
    })),
    artists: review.top_artists.slice(0, 5).map((row) => row.artist),
  };
}

/** The top of row `i` of the lists. */
const rowTop = (i: number) => LIST.top + i * LIST.pitch;

/**
 * The card as SVG markup, `CARD_WIDTH`×`CARD_HEIGHT`, every fact as `<text>`; beside each
 * top record an empty frame its cover is drawn into (`cardCovers`). Titles and names are
 * cut with an ellipsis to their column's width (estimated at the widest font's widths), and
 * each list is clipped to its column, so the two lists never meet.
 */
export function cardSvg(facts: CardFacts): string {
  const font = "font-family='DejaVu Sans, Helvetica, Arial, sans-serif'";
  const { records: rec, artists: art } = LIST;
  const listTop = LIST.headingY + 20;
  const listHeight = CARD_HEIGHT - 40 - listTop;
  const parts: string[] = [
    `<svg xmlns='http://www.w3.org/2000/svg' width='${CARD_WIDTH}' height='${CARD_HEIGHT}' viewBox='0 0 ${CARD_WIDTH} ${CARD_HEIGHT}'>`,
    '<defs>',
    `<clipPath id='records-column'><rect x='${rec.x}' y='${listTop}' width='${rec.right - rec.x}' height='${listHeight}'/></clipPath>`,
    `<clipPath id='artists-column'><rect x='${art.x}' y='${listTop}' width='${art.right - art.x}' height='${listHeight}'/></clipPath>`,
    '</defs>',
    `<rect width='${CARD_WIDTH}' height='${CARD_HEIGHT}' fill='#1f1a17'/>`,
    `<rect x='40' y='40' width='${CARD_WIDTH - 80}' height='${CARD_HEIGHT - 80}' rx='36' fill='#2b2420' stroke='#a3402b' stroke-width='6'/>`,
    `<text x='90' y='130' ${font} font-size='36' fill='#e9866f' font-weight='bold'>Spincrate</text>`,
    `<text x='90' y='220' ${font} font-size='76' fill='#ffffff' font-weight='bold'>${escapeXml(cut(facts.heading, 24))}</text>`,
  ];
  facts.numbers.forEach(([label, value], i) => {
    const x = 90 + (i % 3) * 310;
    const y = 340 + Math.floor(i / 3) * 170;
    parts.push(
      `<text x='${x}' y='${y}' ${font} font-size='64' fill='#ffffff' font-weight='bold'>${escapeXml(cut(value, 9))}</text>`,
      `<text x='${x}' y='${y + 50}' ${font} font-size='30' fill='#d8cfc8'>${escapeXml(label)}</text>`,
    );
  });
  parts.push(
    `<text x='${rec.x}' y='${LIST.headingY}' ${font} font-size='40' fill='#e9866f' font-weight='bold'>Top records</text>`,
    "<g clip-path='url(#records-column)'>",
  );
  const textWidthMax = rec.right - rec.textX;
  facts.records.forEach((record, i) => {
    const top = rowTop(i);
    const title = fit(`${i + 1}. ${record.title}`, rec.titleSize, textWidthMax, true);
    parts.push(
      `<rect x='${rec.x}' y='${top}' width='${rec.coverSize}' height='${rec.coverSize}' rx='10' fill='#3a312c'/>`,
      `<text x='${rec.textX}' y='${top + 40}' ${font} font-size='${rec.titleSize}' fill='#ffffff' font-weight='bold'>${escapeXml(title)}</text>`,
      `<text x='${rec.textX}' y='${top + 80}' ${font} font-size='${rec.artistSize}' fill='#d8cfc8'>${escapeXml(fit(record.artist, rec.artistSize, textWidthMax, false))}</text>`,
    );
  });
  parts.push(
    '</g>',
    `<text x='${art.x}' y='${LIST.headingY}' ${font} font-size='40' fill='#e9866f' font-weight='bold'>Top artists</text>`,
    "<g clip-path='url(#artists-column)'>",
  );
  facts.artists.forEach((artist, i) => {
    const name = fit(`${i + 1}. ${artist}`, art.size, art.right - art.x, false);
    parts.push(
      `<text x='${art.x}' y='${rowTop(i) + 58}' ${font} font-size='${art.size}' fill='#ffffff'>${escapeXml(name)}</text>`,
    );
  });
  parts.push('</g>', '</svg>');
  return parts.join('');
}

/**
 * Where the top records' own covers go on the card: the frame beside each title
 * (`cardSvg`), for the records whose `cover` is set; none for the others.
 */
export function cardCovers(facts: CardFacts): CardCover[] {
  const { x, coverSize } = LIST.records;
  return facts.records.flatMap((record, i) =>
    record.cover ? [{ src: record.cover, x, y: rowTop(i), size: coverSize }] : [],
  );
}

/** Whether `src` is of the page's own origin: only such images leave the canvas untainted. */
function sameOrigin(src: string): boolean {
  try {
    return new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Waits for `image` to be loaded and decoded. @throws Error when it cannot be */
function decoded(image: HTMLImageElement): Promise<void> {
  if (typeof image.decode === 'function') return image.decode();
  return new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The image could not be loaded'));
  });
}

/**
 * The cover at `src`, loaded and decoded, or null when it cannot be within
 * `COVER_TIMEOUT_MS` (the card is then drawn without it) or is not of the page's origin.
 */
async function loadCover(src: string): Promise<HTMLImageElement | null> {
  if (!sameOrigin(src)) return null;
  const image = new Image();
  image.decoding = 'async';
  image.src = src;
  let timer: number | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new Error('The image took too long')), COVER_TIMEOUT_MS);
  });
  try {
    await Promise.race([decoded(image), timeout]);
    return image;
  } catch {
    return null;
  } finally {
    window.clearTimeout(timer);
  }
}

/** Draws `image` into the square `cover`, cropped to a square from its middle (`object-fit: cover`). */
function drawCover(context: CanvasRenderingContext2D, image: HTMLImageElement, cover: CardCover): void {
  const width = image.naturalWidth || cover.size;
  const height = image.naturalHeight || cover.size;
  const side = Math.min(width, height);
  context.save();
  context.beginPath();
  if (typeof context.roundRect === 'function')
    context.roundRect(cover.x, cover.y, cover.size, cover.size, 10);
  else context.rect(cover.x, cover.y, cover.size, cover.size);
  context.clip();
  context.drawImage(
    image,
    (width - side) / 2,
    (height - side) / 2,
    side,
    side,
    cover.x,
    cover.y,
    cover.size,
    cover.size,
  );
  context.restore();
}

/**
 * Draws `svg` onto a `CARD_WIDTH`×`CARD_HEIGHT` canvas, then each of `covers` into its
 * square. Every cover is loaded and decoded first, in parallel; one that is not of the
 * page's origin (it would taint the canvas), fails or takes over 5 s is left out.
 * @param svg - from `cardSvg`
 * @param covers - from `cardCovers` (none: a text-only card)
 * @returns the PNG
 * @throws Error when the browser cannot draw the card
 */
export async function cardPng(svg: string, covers: CardCover[] = []): Promise<Blob> {
  const image = new Image(CARD_WIDTH, CARD_HEIGHT);
  const loaded = Promise.all(covers.map((cover) => loadCover(cover.src)));
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The card could not be drawn'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
  const images = await loaded;
  const canvas = document.createElement('canvas');
  canvas.width = CARD_WIDTH;
  canvas.height = CARD_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The card could not be drawn');
  context.drawImage(image, 0, 0, CARD_WIDTH, CARD_HEIGHT);
  covers.forEach((cover, i) => {
    const coverImage = images[i];
    if (coverImage) drawCover(context, coverImage, cover);
  });
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The card could not be drawn'))),
      'image/png',
    ),
  );
}

/** How the card left the page. */
export type CardOutcome = 'shared' | 'downloaded' | 'cancelled';

/**
 * Shares `png` with the system share sheet when the browser can share files, else
 * downloads it as `fileName`.
 * @returns `cancelled` when the user closed the share sheet
 */
export async function shareOrDownload(png: Blob, fileName: string, title: string): Promise<CardOutcome> {
  const file = new File([png], fileName, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title });
      return 'shared';
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
      // Sharing refused (e.g. not allowed here): download instead.
    }
  }
  const url = URL.createObjectURL(png);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by then; free the image after a while.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return 'downloaded';
}
