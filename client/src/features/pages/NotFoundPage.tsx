/** Any unknown path shows the text 404 (PRODUCT.md §2). */
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** The 404 screen. */
export default function NotFoundPage() {
  return (
    <div className="container py-5 text-center">
      <h1>404</h1>
      <Link to={paths.home}>Back to home</Link>
    </div>
  );
}
