/**
 * Registration screen at /registration (PRODUCT.md §2 "Registration screen", §4
 * "Register", §5): heading 'Register User', required username and password, the
 * registration error as an alert above the fields, a 'register' submit and a 'home'
 * button. A logged-in user (also right after register + login) goes to /user/profile.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { CredentialsFields } from './CredentialsFields';
import { useCredentialsDraft } from './credentialsDraft';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { register } from './auth.actions';
import { clearLoginError, clearRegistrationError, registrationInputError } from './auth.slice';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectIsLoggedIn } from '@/entities/session/session';
import { paths } from '@/lib/paths';
import type { KeepLoginErrorState } from './LoginForm';

/** The /registration screen. */
export default function RegistrationPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const message = useAppSelector((state) => state.errors.registrationMessage);
  const loginMessage = useAppSelector((state) => state.errors.loginMessage);
  // Shared with the other form: nothing typed is lost while a screen's code loads (issue 26 item 5).
  const { username, password, setUsername, setPassword, clear } = useCredentialsDraft('register');
  const [submitted, setSubmitted] = useState(false);

  // Errors from an earlier visit are stale here.
  useEffect(() => {
    dispatch(clearRegistrationError());
    dispatch(clearLoginError());
  }, [dispatch]);

  // "Then switch to login mode" (PRODUCT.md §4): the account exists but the login
  // after it failed, so the login screen takes over and shows why.
  useEffect(() => {
    if (submitted && loginMessage) {
      const state: KeepLoginErrorState = { keepLoginError: true };
      navigate(paths.home, { state });
    }
  }, [submitted, loginMessage, navigate]);

  if (loggedIn) return <Navigate to={paths.profile} replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = username.trim();
    if (!name || !password) {
      dispatch(registrationInputError());
      return;
    }
    setSubmitted(true);
    dispatch(register({ username: name, password }));
  };

  return (
    <div className="container py-4">
      {/* noValidate: the spec's input error text replaces the browser's bubble. */}
      <Form noValidate onSubmit={submit} className="auth-form mx-auto" aria-labelledby="register-heading">
        <h1 id="register-heading" className="h2 mb-3 text-center">
          Register User
        </h1>
        <CredentialsFields
          idPrefix="register"
          message={message}
          username={username}
          password={password}
          onUsernameChange={setUsername}
          onPasswordChange={setPassword}
          passwordAutoComplete="new-password"
        />
        <div className="d-flex flex-wrap gap-2 justify-content-between">
          <Button type="submit" variant="primary">
            register
          </Button>
          <Button
            type="button"
            variant="outline-secondary"
            onClick={() => {
              // The login form starts empty; what is typed from now on reaches it.
              clear();
              navigate(paths.home);
            }}
          >
            home
          </Button>
        </div>
      </Form>
    </div>
  );
}
