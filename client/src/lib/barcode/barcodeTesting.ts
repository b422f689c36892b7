/**
 * The scanner's decoder (barcodeDecoder.ts) in Node, for the decoder's tests and the
 * robustness run (`npm run robustness:barcode --workspace client`): ZXing's WebAssembly is
 * read from the package (the browser fetches the same file from the app's build), and the
 * photos are the ones `@/test/barcodeImages` draws.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule } from 'barcode-detector/ponyfill';
import { drawBarcode, mimeOf, photograph, type Drawing, type Treatment } from '@/test/barcodeImages';
import { createBarcodeDecoder, type BarcodeDecoder } from './barcodeDecoder';

/** Node has no DOMRectReadOnly, which the detector's answers carry (their bounding box). */
function provideDomRect(): void {
  const g = globalThis as { DOMRectReadOnly?: unknown };
  g.DOMRectReadOnly ??= class {
    constructor(
      readonly x = 0,
      readonly y = 0,
      readonly width = 0,
      readonly height = 0,
    ) {}
  };
}

/** The client's decoder, running on ZXing's WebAssembly read from node_modules. */
export async function nodeBarcodeDecoder(): Promise<BarcodeDecoder> {
  provideDomRect();
  const decoder = await createBarcodeDecoder();
  // Replaces the browser's "fetch it from the app" with the file itself (before first use).
  const wasm = await readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
  });
  return decoder;
}

/**
 * Draws a barcode, treats it as a photo may be, and decodes the image file as the photo
 * input hands it over (a Blob).
 * @returns the digits read, or null when none
 */
export async function readBack(
  decoder: BarcodeDecoder,
  drawing: Drawing,
  treatment: Treatment = { kind: 'none' },
): Promise<string | null> {
  const file = await photograph(await drawBarcode(drawing), treatment);
  return decoder.decode(new Blob([new Uint8Array(file)], { type: mimeOf(file) }));
}
