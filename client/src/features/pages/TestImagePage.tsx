/**
 * Image demo at /test (PRODUCT.md §2): renders the sample image whose address comes
 * from the runtime configuration (`imageUrl`, served by the image-hosting service).
 */
import { useAppSelector } from '@/app/hooks';

/** The /test screen. */
export default function TestImagePage() {
  const imageUrl = useAppSelector((state) => state.config.imageUrl);
  return (
    <div className="container py-4 text-center">
      <h1 className="h2">Image demo</h1>
      {/* The page demonstrates an image, so its alt text names it a sample image. */}
      {/* eslint-disable-next-line jsx-a11y-x/img-redundant-alt */}
      <img
        src={imageUrl}
        alt="Sample image from the image-hosting service"
        className="img-fluid rounded shadow-sm mt-3"
        width={640}
        height={400}
      />
    </div>
  );
}
