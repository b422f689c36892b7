/**
 * Barcode decoding in the browser (EXTENSIONS.md §4): the browser's own BarcodeDetector
 * where it reads EAN/UPC codes, else the `barcode-detector` package's ZXing WebAssembly
 * build. The `.wasm` file is part of Spincrate's build (`/assets/zxing_reader-<hash>.wasm`)
 * and served by Spincrate itself; the package's default (a CDN) is never used.
 *
 * This module is loaded only when the user opens the scanner (a dynamic import).
 */
import { BarcodeDetector as ZXingBarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The codes printed on record sleeves: EAN-13 (UPC-A is an EAN-13 starting with 0), EAN-8, UPC-A. */
const FORMATS = ['ean_13', 'ean_8', 'upc_a'] as const;

/** Something a decoder can read: a video frame, an image, a bitmap. */
type BarcodeSource = HTMLVideoElement | HTMLImageElement | HTMLCanvasElement | ImageBitmap | Blob;

/** Reads barcodes from images and video frames. */
export interface BarcodeDecoder {
  /**
   * The digits of the first EAN/UPC barcode in the source.
   * @returns 8, 12 or 13 digits, or null when none is found
   */
  decode(source: BarcodeSource): Promise<string | null>;
}

let zxingPrepared = false;

/** Points the ZXing module at our own copy of its WebAssembly (never the CDN default). */
function prepareZXing(): void {
  if (zxingPrepared) return;
  zxingPrepared = true;
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? new URL(zxingWasmUrl, window.location.href).href : prefix + path,
    },
  });
}

interface DetectorLike {
  detect(source: ImageBitmapSource): Promise<Array<{ rawValue: string }>>;
}

/** The browser's own BarcodeDetector, when it exists and reads EAN-13. */
async function nativeDetector(): Promise<DetectorLike | null> {
  const Native = (
    globalThis as {
      BarcodeDetector?: {
        new (options: { formats: string[] }): DetectorLike;
        getSupportedFormats(): Promise<string[]>;
      };
    }
  ).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    if (!supported.includes('ean_13')) return null;
    return new Native({ formats: FORMATS.filter((f) => supported.includes(f)) });
  } catch {
    return null;
  }
}

/** Keeps the digits of a code that is an EAN-13, EAN-8 or UPC-A. */
function digitsOf(raw: string): string | null {
  const digits = raw.trim();
  return /^(?:[0-9]{8}|[0-9]{12}|[0-9]{13})$/.test(digits) ? digits : null;
}

/**
 * Builds the decoder: native where available, else ZXing (WebAssembly from our build).
 * @returns a decoder; its `decode` rejects only when the image cannot be read at all
 */
export async function createBarcodeDecoder(): Promise<BarcodeDecoder> {
  let detector = await nativeDetector();
  if (!detector) {
    prepareZXing();
    detector = new ZXingBarcodeDetector({ formats: [...FORMATS] }) as DetectorLike;
  }
  const chosen = detector;
  return {
    async decode(source) {
      // A photo is decoded to a bitmap by the browser; where there is no createImageBitmap
      // (Node, in tests), the detector reads the PNG or JPEG file itself.
      const input =
        source instanceof Blob && typeof createImageBitmap === 'function'
          ? await createImageBitmap(source)
          : source;
      try {
        const found = await chosen.detect(input);
        for (const code of found) {
          const digits = digitsOf(code.rawValue);
          if (digits) return digits;
        }
        return null;
      } finally {
        if (input !== source && 'close' in input) (input as ImageBitmap).close();
      }
    },
  };
}
