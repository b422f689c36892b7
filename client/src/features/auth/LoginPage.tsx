/**
 * Login screen at /home (PRODUCT.md §2 "Login screen"): the logo and the login form; a logged-in
 * user is redirected to /user/profile (also right after a successful login).
 */
import { Navigate } from 'react-router';
import { ThemedLogo } from '@/lib/components/ThemedLogo';
import { useAppSelector } from '@/app/hooks';
import { selectIsLoggedIn } from '@/entities/session/session';
import { paths } from '@/lib/paths';
import { LoginForm } from './LoginForm';

/** The /home screen. */
export default function LoginPage() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  if (loggedIn) return <Navigate to={paths.profile} replace />;
  return (
    <div className="container py-4">
      <div className="text-center mb-3">
        <ThemedLogo size={120} />
      </div>
      <LoginForm />
    </div>
  );
}
