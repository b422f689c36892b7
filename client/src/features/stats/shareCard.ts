/**
 * The share card of a year in review (EXTENSIONS.md §10): a 1080×1350 PNG drawn in the
 * browser. An SVG of the headline numbers and the top 5 records and artists (text only:
 * no cover is drawn, so the canvas is never tainted by an image of another origin) is
 * drawn onto a canvas, which gives the PNG. It is shared with the system share sheet
 * where the browser can share files (`navigator.canShare({files})`), else downloaded.
 */
import type { YearReview } from './stats.types';

/** The card's size in pixels. */
const CARD_WIDTH = 1080;
const CARD_HEIGHT = 1350;

/** The card's text: its heading and the numbers and names it shows. */
export interface CardFacts {
  heading: string;
  numbers: Array<[label: string, value: string]>;
  records: Array<{ title: string; artist: string }>;
  artists: string[];
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

/** What the card of `review` shows. @param heading - the page's heading ("2025 in review", "2026 so far") */
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
    records: review.top_records
      .slice(0, 5)
      .map(({ record }) => ({ title: record.title, artist: record.artist })),
    artists: review.top_artists.slice(0, 5).map((row) => row.artist),
  };
}

/**
 * The card as SVG markup, `CARD_WIDTH`×`CARD_HEIGHT`, every fact as `<text>`.
 * Long titles and names are cut with an ellipsis.
 */
export function cardSvg(facts: CardFacts): string {
  const font = "font-family='DejaVu Sans, Helvetica, Arial, sans-serif'";
  const parts: string[] = [
    `<svg xmlns='http://www.w3.org/2000/svg' width='${CARD_WIDTH}' height='${CARD_HEIGHT}' viewBox='0 0 ${CARD_WIDTH} ${CARD_HEIGHT}'>`,
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
    `<text x='90' y='700' ${font} font-size='40' fill='#e9866f' font-weight='bold'>Top records</text>`,
  );
  facts.records.forEach((record, i) => {
    const y = 770 + i * 96;
    parts.push(
      `<text x='90' y='${y}' ${font} font-size='34' fill='#ffffff' font-weight='bold'>${i + 1}. ${escapeXml(cut(record.title, 26))}</text>`,
      `<text x='130' y='${y + 40}' ${font} font-size='28' fill='#d8cfc8'>${escapeXml(cut(record.artist, 28))}</text>`,
    );
  });
  parts.push(
    `<text x='700' y='700' ${font} font-size='40' fill='#e9866f' font-weight='bold'>Top artists</text>`,
  );
  facts.artists.forEach((artist, i) => {
    parts.push(
      `<text x='700' y='${770 + i * 96}' ${font} font-size='32' fill='#ffffff'>${i + 1}. ${escapeXml(cut(artist, 16))}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('');
}

/**
 * Draws `svg` onto a `CARD_WIDTH`×`CARD_HEIGHT` canvas.
 * @returns the PNG
 * @throws Error when the browser cannot draw it
 */
export async function cardPng(svg: string): Promise<Blob> {
  const image = new Image(CARD_WIDTH, CARD_HEIGHT);
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The card could not be drawn'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
  const canvas = document.createElement('canvas');
  canvas.width = CARD_WIDTH;
  canvas.height = CARD_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The card could not be drawn');
  context.drawImage(image, 0, 0, CARD_WIDTH, CARD_HEIGHT);
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
