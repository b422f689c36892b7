/**
 * The login form of the login screen and the landing screen (PRODUCT.md §2 "Login
 * screen", §5 "Login"): heading Login, required username and password, a submit
 * button, a register button to /registration and an alert line with the login error.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CredentialsFields, preloadAlert } from './CredentialsFields';
import Button from 'react-bootstrap/Button';
import { clearLoginError, login, loginInputError } from './auth.actions';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { loadApi } from '@/lib/api';

/**
 * Loads axios and the error alert ahead of the login request (neither is part of the first
 * load); a failure shows when the form is sent.
 */
function preloadForSubmit() {
  void loadApi().catch(() => undefined);
  preloadAlert();
}

/** Navigation state that keeps the login error on arrival (set by the registration screen). */
export interface KeepLoginErrorState {
  keepLoginError?: boolean;
}

/**
 * Login form. Empty fields give LOGIN_INPUT_ERROR and send nothing; otherwise LOGIN.
 * A stale error from an earlier visit is cleared on arrival, unless the navigation
 * asked to keep it (a failed login right after registering).
 */
export function LoginForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const message = useAppSelector((state) => state.errors.loginMessage);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const keepError = Boolean((location.state as KeepLoginErrorState | null)?.keepLoginError);

  useEffect(() => {
    if (!keepError) dispatch(clearLoginError());
  }, [dispatch, keepError]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = username.trim();
    if (!name || !password) {
      dispatch(loginInputError());
      return;
    }
    dispatch(login({ username: name, password }));
  };

  return (
    // noValidate: the spec's own input error text replaces the browser's bubble; the
    // fields stay marked required for assistive technology.
    <form
      noValidate
      onSubmit={submit}
      // Starts loading axios and the alert while the user types (issue 11: not in the first load).
      onFocus={preloadForSubmit}
      className="auth-form mx-auto"
      aria-labelledby="login-heading"
    >
      <h1 id="login-heading" className="h2 mb-3 text-center">
        Login
      </h1>
      <CredentialsFields
        idPrefix="login"
        message={message}
        username={username}
        password={password}
        onUsernameChange={setUsername}
        onPasswordChange={setPassword}
        passwordAutoComplete="current-password"
      />
      <div className="d-flex flex-wrap gap-2 justify-content-between">
        <Button type="submit" variant="primary">
          Log In
        </Button>
        <Button type="button" variant="outline-secondary" onClick={() => navigate(paths.registration)}>
          Register
        </Button>
      </div>
    </form>
  );
}
