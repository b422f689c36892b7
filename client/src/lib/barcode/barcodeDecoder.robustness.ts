// @vitest-environment node
/**
 * How well the scanner's decoder reads harder photos (EXTENSIONS.md §4; issue "Add a record
 * by scanning its barcode": the closing note says on which inputs decoding failed). Not part
 * of `npm test`: run it with `npm run robustness:barcode --workspace client`; it prints one
 * line per input (read / not read) and fails only if an input could not be made. The inputs
 * that must always be read are the assertions of barcodeDecoder.test.ts.
 */
import { writeFile } from 'node:fs/promises';
import { beforeAll, expect, it } from 'vitest';
import type { Drawing, Treatment } from '@/test/barcodeImages';
import type { BarcodeDecoder } from './barcodeDecoder';
import { nodeBarcodeDecoder, readBack } from './barcodeTesting';

const EAN13: Drawing = { bcid: 'ean13', text: '5042980110039' };
const UPCA: Drawing = { bcid: 'upca', text: '042282855312' };
const EAN8: Drawing = { bcid: 'ean8', text: '96385074' };
/** What each symbology reads as (a UPC-A as its 13-digit EAN form). */
const expected = (d: Drawing) => (d.bcid === 'upca' ? `0${d.text}` : d.text);

const inputs: Array<[string, Drawing, Treatment?]> = [
  ['EAN-13, 2 px/module, quiet zone', EAN13],
  ['UPC-A, 2 px/module, quiet zone', UPCA],
  ['EAN-8, 2 px/module, quiet zone', EAN8],
  ['EAN-13, no quiet zone', { ...EAN13, quietZone: 0 }],
  ['UPC-A, no quiet zone', { ...UPCA, quietZone: 0 }],
  ['EAN-8, no quiet zone', { ...EAN8, quietZone: 0 }],
  ['EAN-13, rotated 90°', { ...EAN13, rotate: 'R' }],
  ['EAN-13, rotated 270°', { ...EAN13, rotate: 'L' }],
  ['EAN-13, rotated 180°', { ...EAN13, rotate: 'I' }],
  ['EAN-8, rotated 90°', { ...EAN8, rotate: 'R' }],
  ['EAN-13, 1 px/module', { ...EAN13, scale: 1 }],
  ['UPC-A, 1 px/module', { ...UPCA, scale: 1 }],
  ['EAN-8, 1 px/module', { ...EAN8, scale: 1 }],
  ['EAN-13, scaled to 0.75 px/module', { ...EAN13, scale: 1 }, { kind: 'resize', factor: 0.75 }],
  ['EAN-13, scaled to 0.5 px/module', { ...EAN13, scale: 2 }, { kind: 'resize', factor: 0.25 }],
  ['EAN-13, blur σ=1 (2 px/module)', EAN13, { kind: 'blur', sigma: 1 }],
  ['EAN-13, blur σ=1.5 (2 px/module)', EAN13, { kind: 'blur', sigma: 1.5 }],
  ['EAN-13, blur σ=2 (2 px/module)', EAN13, { kind: 'blur', sigma: 2 }],
  ['EAN-13, blur σ=3 (4 px/module)', { ...EAN13, scale: 4 }, { kind: 'blur', sigma: 3 }],
  ['EAN-13, blur σ=5 (4 px/module)', { ...EAN13, scale: 4 }, { kind: 'blur', sigma: 5 }],
  ['EAN-13, low contrast #606060 on #a0a0a0', { ...EAN13, barColor: '606060', backgroundColor: 'A0A0A0' }],
  ['EAN-13, low contrast #808080 on #a0a0a0', { ...EAN13, barColor: '808080', backgroundColor: 'A0A0A0' }],
  [
    'EAN-13, very low contrast #909090 on #a0a0a0',
    { ...EAN13, barColor: '909090', backgroundColor: 'A0A0A0' },
  ],
  ['EAN-13, JPEG quality 50', EAN13, { kind: 'jpeg', quality: 50 }],
  ['EAN-13, JPEG quality 20', EAN13, { kind: 'jpeg', quality: 20 }],
  ['EAN-13, JPEG quality 5', EAN13, { kind: 'jpeg', quality: 5 }],
  ['EAN-13, JPEG quality 20, 1 px/module', { ...EAN13, scale: 1 }, { kind: 'jpeg', quality: 20 }],
  [
    'EAN-13 on a noisy background (σ 30), JPEG 70',
    EAN13,
    { kind: 'noisyBackground', sigma: 30, jpegQuality: 70 },
  ],
  [
    'EAN-13 on a noisy background (σ 80), JPEG 50',
    EAN13,
    { kind: 'noisyBackground', sigma: 80, jpegQuality: 50 },
  ],
  ['EAN-13, turned 5°', EAN13, { kind: 'rotate', degrees: 5 }],
  ['EAN-13, turned 15°', EAN13, { kind: 'rotate', degrees: 15 }],
  ['EAN-13, turned 30°', EAN13, { kind: 'rotate', degrees: 30 }],
  ['EAN-13, turned 45°', EAN13, { kind: 'rotate', degrees: 45 }],
  ['EAN-13, skewed (shear 0.1)', EAN13, { kind: 'skew', shear: 0.1 }],
  ['EAN-13, skewed (shear 0.3)', EAN13, { kind: 'skew', shear: 0.3 }],
  ['EAN-13, skewed (shear 0.6)', EAN13, { kind: 'skew', shear: 0.6 }],
];

let decoder: BarcodeDecoder;
beforeAll(async () => {
  decoder = await nodeBarcodeDecoder();
});

it('tries every input and reports which were read', async () => {
  const rows: string[] = ['| input | read | result |', '|---|---|---|'];
  for (const [name, drawing, treatment] of inputs) {
    const digits = await readBack(decoder, drawing, treatment);
    const ok = digits === expected(drawing);
    rows.push(`| ${name} | ${ok ? 'yes' : 'NO'} | ${digits ?? 'nothing found'} |`);
  }
  const table = `${rows.join('\n')}\n`;
  process.stdout.write(`\n${table}`);
  const out = process.env.BARCODE_ROBUSTNESS_OUT;
  if (out) await writeFile(out, table);
  expect(rows).toHaveLength(inputs.length + 2);
});
