/**
 * "Take or choose a photo" (EXTENSIONS.md §4: "a 'Take or choose a photo' file input and a
 * 'Type the digits' field are always offered too (no camera over plain http, or none at
 * all)"): a photo of the sleeve's barcode, decoded in the browser (`barcodeDecoder.ts`,
 * loaded only once a photo is chosen); the digits read go to `onDigits`.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { Form } from 'react-bootstrap';
import type { BarcodeDecoder } from './barcodeDecoder';

/**
 * The photo input.
 * @param idPrefix - prefix of the element ids, unique on the screen (e.g. `barcode`)
 * @param onDigits - called with the digits of a barcode read from a photo
 */
export default function BarcodePhoto({
  idPrefix,
  onDigits,
}: {
  idPrefix: string;
  onDigits: (digits: string) => void;
}) {
  const decoderRef = useRef<Promise<BarcodeDecoder> | null>(null);
  const [photoMessage, setPhotoMessage] = useState('');
  const [reading, setReading] = useState(false);

  const decoder = () => {
    decoderRef.current ??= import('./barcodeDecoder').then((m) => m.createBarcodeDecoder());
    return decoderRef.current;
  };

  const readPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReading(true);
    setPhotoMessage('Reading the photo…');
    try {
      const digits = await (await decoder()).decode(file);
      if (digits) {
        setPhotoMessage('');
        onDigits(digits);
      } else {
        setPhotoMessage('No barcode found in that photo. Try a sharper, closer photo, or type the digits.');
      }
    } catch {
      setPhotoMessage('That photo could not be read. Try another one, or type the digits.');
    } finally {
      setReading(false);
    }
  };

  return (
    <Form.Group controlId={`${idPrefix}-photo`}>
      <Form.Label>Take or choose a photo</Form.Label>
      <Form.Control
        type="file"
        accept="image/*"
        onChange={(e) => void readPhoto(e as ChangeEvent<HTMLInputElement>)}
        disabled={reading}
        aria-describedby={`${idPrefix}-photo-status`}
      />
      <Form.Text id={`${idPrefix}-photo-status`} role="status">
        {photoMessage}
      </Form.Text>
    </Form.Group>
  );
}
