/**
 * Barcode photos for the decoder's tests (EXTENSIONS.md §4), made in Node: the code is
 * drawn by bwip-js (the same renderer as the browser journeys), then sharp turns, blurs,
 * skews, compresses or places it on a noisy background, as a phone photo of a sleeve may be.
 * Each sample is an image file (PNG or JPEG) as the photo input would hand it over.
 */
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';

/** The symbologies on record sleeves. */
type Symbology = 'ean13' | 'upca' | 'ean8';

/** How the barcode is drawn by bwip-js. */
export interface Drawing {
  bcid: Symbology;
  /** The digits encoded (with their check digit). */
  text: string;
  /** Pixels per module (default 2). */
  scale?: number;
  /** White margin left and right, in modules (default 12, above EAN's 11-module quiet zone). */
  quietZone?: number;
  /** bwip-js turn: N (none), R (90° clockwise), I (180°), L (90° counter-clockwise). */
  rotate?: 'N' | 'R' | 'I' | 'L';
  /** Bar and space colours, hex RRGGBB (default black on white). */
  barColor?: string;
  backgroundColor?: string;
}

/** An image file of the barcode alone (PNG). */
export async function drawBarcode(d: Drawing): Promise<Buffer> {
  const quiet = d.quietZone ?? 12;
  return bwipjs.toBuffer({
    bcid: d.bcid,
    text: d.text,
    scale: d.scale ?? 2,
    height: 18,
    includetext: true,
    paddingwidth: quiet,
    paddingheight: quiet === 0 ? 0 : 6,
    rotate: d.rotate ?? 'N',
    barcolor: d.barColor ?? '000000',
    backgroundcolor: d.backgroundColor ?? 'FFFFFF',
  });
}

/** What sharp does to the drawn barcode before it is "photographed". */
export type Treatment =
  | { kind: 'none' }
  | { kind: 'blur'; sigma: number }
  | { kind: 'jpeg'; quality: number }
  | { kind: 'rotate'; degrees: number }
  | { kind: 'skew'; shear: number }
  | { kind: 'noisyBackground'; sigma: number; jpegQuality: number }
  | { kind: 'resize'; factor: number };

/** The barcode after the treatment, as an image file (PNG, or JPEG for the JPEG ones). */
export async function photograph(png: Buffer, t: Treatment): Promise<Buffer> {
  const white = { r: 255, g: 255, b: 255, alpha: 1 };
  switch (t.kind) {
    case 'none':
      return png;
    case 'blur':
      return sharp(png).blur(t.sigma).png().toBuffer();
    case 'jpeg':
      return sharp(png).flatten({ background: white }).jpeg({ quality: t.quality }).toBuffer();
    case 'rotate':
      return sharp(png).rotate(t.degrees, { background: white }).png().toBuffer();
    case 'skew':
      return sharp(png).affine([1, t.shear, 0, 1], { background: white }).png().toBuffer();
    case 'resize': {
      const { width = 1 } = await sharp(png).metadata();
      return sharp(png)
        .resize({ width: Math.max(1, Math.round(width * t.factor)) })
        .png()
        .toBuffer();
    }
    case 'noisyBackground': {
      const { width = 1, height = 1 } = await sharp(png).metadata();
      const W = width * 3;
      const H = height * 3;
      // A grey, grainy "sleeve" around the sticker, the code a third of the picture's width.
      const background = await sharp({
        create: {
          width: W,
          height: H,
          channels: 3,
          background: { r: 120, g: 110, b: 100 },
          noise: { type: 'gaussian', mean: 120, sigma: t.sigma },
        },
      })
        .png()
        .toBuffer();
      return sharp(background)
        .composite([{ input: png, left: width, top: height }])
        .jpeg({ quality: t.jpegQuality })
        .toBuffer();
    }
  }
}

/** The MIME type of an image file made here. */
export function mimeOf(file: Buffer): string {
  return file[0] === 0xff && file[1] === 0xd8 ? 'image/jpeg' : 'image/png';
}
