/**
 * The barcode scanner of the add screen (EXTENSIONS.md §4), loaded only when the user
 * presses "Scan barcode": the camera (the rear one on a phone) where the browser allows
 * it, and a "Take or choose a photo" input that always works. Both are decoded in the
 * browser (`barcodeDecoder.ts`, itself loaded on first use); the digits read go to
 * `onDigits`.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Form } from 'react-bootstrap';
import type { BarcodeDecoder } from './barcodeDecoder';

/** Time between two reads of the camera's picture, in ms. */
const SCAN_INTERVAL_MS = 200;

type CameraState = 'starting' | 'on' | 'unavailable';

/**
 * Camera and photo input.
 * @param onDigits - called once with the digits of a barcode read from the camera or a photo
 */
export default function BarcodeScanner({ onDigits }: { onDigits: (digits: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const decoderRef = useRef<Promise<BarcodeDecoder> | null>(null);
  const onDigitsRef = useRef(onDigits);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [photoMessage, setPhotoMessage] = useState('');
  const [reading, setReading] = useState(false);

  useEffect(() => {
    onDigitsRef.current = onDigits;
  }, [onDigits]);

  const decoder = () => {
    decoderRef.current ??= import('./barcodeDecoder').then((m) => m.createBarcodeDecoder());
    return decoderRef.current;
  };

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopCamera = () => stream?.getTracks().forEach((track) => track.stop());

    const start = async () => {
      const video = videoRef.current;
      if (!video || !window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
        setCamera('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (stopped) return stopCamera();
        video.srcObject = stream;
        await video.play();
        setCamera('on');
        const reader = await decoder();
        const scan = async () => {
          if (stopped) return;
          if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
            const digits = await reader.decode(video).catch(() => null);
            if (stopped) return;
            if (digits) {
              stopped = true;
              stopCamera();
              onDigitsRef.current(digits);
              return;
            }
          }
          timer = setTimeout(() => void scan(), SCAN_INTERVAL_MS);
        };
        void scan();
      } catch {
        stopCamera();
        if (!stopped) setCamera('unavailable');
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopCamera();
    };
  }, []);

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
        onDigitsRef.current(digits);
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
    <div className="d-flex flex-column gap-3">
      <div className={camera === 'unavailable' ? 'd-none' : 'barcode-camera'}>
        {/* A live picture with no sound: nothing to caption. */}
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Camera: point it at the barcode on the sleeve"
          className="w-100 rounded border"
        />
        <p className="small mb-0" role="status">
          {camera === 'on' ? 'Point the camera at the barcode.' : 'Starting the camera…'}
        </p>
      </div>
      {camera === 'unavailable' && (
        <p className="small mb-0" role="status">
          No camera here: take or choose a photo of the barcode, or type the digits.
        </p>
      )}
      <Form.Group controlId="barcode-photo">
        <Form.Label>Take or choose a photo</Form.Label>
        <Form.Control
          type="file"
          accept="image/*"
          onChange={(e) => void readPhoto(e as ChangeEvent<HTMLInputElement>)}
          disabled={reading}
          aria-describedby="barcode-photo-status"
        />
        <Form.Text id="barcode-photo-status" role="status">
          {photoMessage}
        </Form.Text>
      </Form.Group>
    </div>
  );
}
