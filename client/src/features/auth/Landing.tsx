/**
 * The landing screen the route guard shows a signed-out visitor on a protected route
 * (PRODUCT.md §2): the product logo and the login form. After logging in, the guard
 * shows the requested screen in its place.
 */
import { ThemedLogo } from '@/lib/components/ThemedLogo';
import { LoginForm } from './LoginForm';

/** Logo and login form. */
export default function Landing() {
  return (
    <div className="container py-4">
      <div className="text-center mb-3">
        <ThemedLogo size={160} />
      </div>
      <LoginForm />
    </div>
  );
}
