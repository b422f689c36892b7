/**
 * The error alert and the username and password fields shared by the login and
 * registration forms (PRODUCT.md §2 "Login screen", "Registration screen"). Both fields
 * stay marked required for assistive technology; the forms validate themselves (§5).
 */
import { lazy, Suspense } from 'react';

const loadAlert = () => import('react-bootstrap/Alert');
// The error alert (and its fade transition) is loaded with the first error, or ahead of it
// (`preloadAlert`), not with the login screen (issue 11).
const Alert = lazy(loadAlert);

/** Starts loading the error alert's module (the login form calls it when it gets focus). */
export function preloadAlert(): void {
  void loadAlert().catch(() => undefined);
}

export interface CredentialsFieldsProps {
  /** Prefix of the inputs' ids, e.g. `login` → `login-username`. */
  idPrefix: string;
  /** The form's error text; no alert when empty. */
  message: string;
  username: string;
  password: string;
  onUsernameChange(value: string): void;
  onPasswordChange(value: string): void;
  /** `current-password` to log in, `new-password` to register. */
  passwordAutoComplete: 'current-password' | 'new-password';
}

/** Error alert, username field, password field. */
export function CredentialsFields(props: CredentialsFieldsProps) {
  return (
    <>
      {props.message && (
        <Suspense fallback={null}>
          <Alert variant="danger" className="py-2">
            {props.message}
          </Alert>
        </Suspense>
      )}
      {/* Bootstrap's form markup (form-label, form-control), written out: react-bootstrap's
          form components are not part of the first load (issue 11). */}
      <div className="mb-3">
        <label htmlFor={`${props.idPrefix}-username`} className="form-label">
          Username
        </label>
        <input
          id={`${props.idPrefix}-username`}
          className="form-control"
          type="text"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={props.username}
          onChange={(event) => props.onUsernameChange(event.target.value)}
        />
      </div>
      <div className="mb-3">
        <label htmlFor={`${props.idPrefix}-password`} className="form-label">
          Password
        </label>
        <input
          id={`${props.idPrefix}-password`}
          className="form-control"
          type="password"
          name="password"
          autoComplete={props.passwordAutoComplete}
          required
          value={props.password}
          onChange={(event) => props.onPasswordChange(event.target.value)}
        />
      </div>
    </>
  );
}
