/**
 * The login form of the login screen and the landing screen (PRODUCT.md §2 "Login
 * screen", §5 "Login"): heading Login, required username and password, a submit
 * button, a register button to /registration and an alert line with the login error.
 */
import { useEffect, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CredentialsFields, preloadAlert } from './CredentialsFields';
import { useCredentialsDraft } from './credentialsDraft';
import { login, loginInputError } from './auth.actions';
import { clearLoginError } from './auth.slice';
import { useAppDispatch, useAppSelector, useAppStore } from '@/app/hooks';
import { paths } from '@/lib/paths';
import { loadApi } from '@/lib/api';

/**
 * Loads axios, the error alert and redux-saga with the sagas that send the login (none is part
 * of the first load) ahead of the login request; a failure shows when the form is sent.
 */
function preloadForSubmit(loadSagas: () => Promise<void>) {
  void loadApi().catch(() => undefined);
  void loadSagas().catch(() => undefined);
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
  const store = useAppStore();
  const navigate = useNavigate();
  const location = useLocation();
  const message = useAppSelector((state) => state.errors.loginMessage);
  // Shared with the other form: nothing typed is lost while a screen's code loads (issue 26 item 5).
  const { username, password, setUsername, setPassword, clear } = useCredentialsDraft('login');
  const keepError = Boolean((location.state as KeepLoginErrorState | null)?.keepLoginError);

  // Only when there is one to clear: an action on arrival would load redux-saga, which the
  // login screen's first load does without (app/lazySagas.ts, issue 11).
  const hasError = message !== '';
  useEffect(() => {
    if (!keepError && hasError) dispatch(clearLoginError());
    // On arrival only: an error the user gets later stays until the next visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
      // Starts loading axios, the alert and the sagas while the user types (issue 11: not in the first load).
      onFocus={() => preloadForSubmit(store.loadSagas)}
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
        {/* Bootstrap's button markup, written out: react-bootstrap's Button is not part of
            the first load (issue 11). */}
        <button type="submit" className="btn btn-primary">
          Log In
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => {
            // The registration form starts empty; what is typed from now on reaches it.
            clear();
            navigate(paths.registration);
          }}
        >
          Register
        </button>
      </div>
    </form>
  );
}
