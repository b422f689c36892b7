// @vitest-environment node
/**
 * The scanner's decoder (barcodeDecoder.ts, the module the client loads when the scanner
 * opens) reads the barcodes a user photographs on a record sleeve (EXTENSIONS.md §4):
 * EAN-13, UPC-A and EAN-8, upside down, and printed small. The images are drawn by bwip-js;
 * ZXing's WebAssembly is read from the package, as the build serves that same file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { drawBarcode, photograph, type Drawing } from '@/test/barcodeImages';
import type { BarcodeDecoder } from './barcodeDecoder';
import { nodeBarcodeDecoder, readBack } from './barcodeTesting';

let decoder: BarcodeDecoder;
beforeAll(async () => {
  decoder = await nodeBarcodeDecoder();
});

describe('the scanner reads the barcodes on record sleeves', () => {
  it.each<[string, Drawing, string]>([
    ['an EAN-13', { bcid: 'ean13', text: '5042980110039' }, '5042980110039'],
    // A UPC-A reads as its 13-digit EAN form (a leading 0); the look-up asks for both forms.
    ['a UPC-A', { bcid: 'upca', text: '042282855312' }, '0042282855312'],
    ['an EAN-8', { bcid: 'ean8', text: '96385074' }, '96385074'],
    ['an EAN-13 upside down', { bcid: 'ean13', text: '0042282852229', rotate: 'I' }, '0042282852229'],
    ['a UPC-A upside down', { bcid: 'upca', text: '042282855312', rotate: 'I' }, '0042282855312'],
    ['an EAN-13 one pixel per bar', { bcid: 'ean13', text: '5042980110039', scale: 1 }, '5042980110039'],
    ['an EAN-8 one pixel per bar', { bcid: 'ean8', text: '96385074', scale: 1 }, '96385074'],
  ])('reads %s', async (_name, drawing, digits) => {
    expect(await readBack(decoder, drawing)).toBe(digits);
  });

  it('finds no barcode in a picture without one', async () => {
    const blank = await photograph(await drawBarcode({ bcid: 'ean13', text: '5042980110039' }), {
      kind: 'blur',
      sigma: 40,
    });
    expect(await decoder.decode(new Blob([new Uint8Array(blank)], { type: 'image/png' }))).toBeNull();
  });
});
