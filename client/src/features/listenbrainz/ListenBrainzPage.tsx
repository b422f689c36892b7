/**
 * ListenBrainz settings (/settings/listenbrainz, EXTENSIONS.md §8): paste the user token
 * (with a link to where ListenBrainz shows it) and Connect; then "Connected as {user_name}",
 * the switch "Send my spins automatically", Disconnect, and a notice with ListenBrainz's
 * reason when sending is paused (the token was revoked: paste a new one to resume); while
 * connected, "Import from ListenBrainz" (ListenBrainzImport.tsx).
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Alert, Button, Container, Form } from 'react-bootstrap';
import type { ListenBrainzAccount } from '@spincrate/contract';
import { errorStatus, retryAfterSeconds } from '@/lib/api';
import { deleteListenBrainz, getListenBrainz, putListenBrainz } from './listenbrainz.api';
import ListenBrainzImport from './ListenBrainzImport';

/** Where ListenBrainz shows a user's token. */
export const LISTENBRAINZ_SETTINGS_URL = 'https://listenbrainz.org/settings/';

/** What went wrong with a call, for people. */
function failureText(err: unknown): string {
  const status = errorStatus(err);
  if (status === 400)
    return 'ListenBrainz does not accept this token. Copy it again from your ListenBrainz settings.';
  if (status === 503) {
    const seconds = retryAfterSeconds(err);
    return `ListenBrainz cannot be reached right now.${seconds ? ` Try again in ${Math.ceil(seconds)} s.` : ' Try again shortly.'}`;
  }
  return 'Something went wrong. Try again.';
}

/** The ListenBrainz settings screen. */
export default function ListenBrainzPage() {
  const [account, setAccount] = useState<ListenBrainzAccount | undefined>();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const tokenId = useId();
  const helpId = useId();

  const load = useCallback(async () => {
    try {
      setAccount(await getListenBrainz());
    } catch (err) {
      setError(failureText(err));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const connect = async (event: FormEvent) => {
    event.preventDefault();
    if (token.trim() === '') {
      setError('Paste your ListenBrainz user token first.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await putListenBrainz({
        token: token.trim(),
        auto_send: account?.connected ? account.auto_send : true,
      });
      setToken('');
      await load();
    } catch (err) {
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  };

  const switchAutoSend = async (autoSend: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      await putListenBrainz({ auto_send: autoSend });
      await load();
    } catch (err) {
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  };

  const disconnect = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await deleteListenBrainz();
      await load();
    } catch (err) {
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  };

  const tokenForm = (label: string) => (
    <Form onSubmit={(e) => void connect(e)} className="mb-3">
      <Form.Group className="mb-2">
        <Form.Label htmlFor={tokenId}>ListenBrainz user token</Form.Label>
        <Form.Control
          id={tokenId}
          type="password"
          autoComplete="off"
          value={token}
          maxLength={100}
          aria-describedby={helpId}
          onChange={(e) => setToken(e.target.value)}
        />
        <Form.Text id={helpId}>
          Find it on your{' '}
          <a href={LISTENBRAINZ_SETTINGS_URL} target="_blank" rel="noreferrer">
            ListenBrainz settings page
          </a>
          .
        </Form.Text>
      </Form.Group>
      <Button type="submit" disabled={busy}>
        {label}
      </Button>
    </Form>
  );

  return (
    <Container className="py-4" style={{ maxWidth: 640 }}>
      <h1>ListenBrainz</h1>
      <p>Each spin becomes listens on your ListenBrainz account: one per track of the sides you played.</p>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      {!account ? (
        !error && <p role="status">Loading…</p>
      ) : account.connected ? (
        <>
          <p role="status">Connected as {account.user_name}</p>
          {account.paused_reason && (
            <Alert variant="warning">
              Sending is paused: ListenBrainz said “{account.paused_reason}”. Paste a new token to resume.
            </Alert>
          )}
          <Form.Check
            type="switch"
            role="switch"
            id="listenbrainz-auto-send"
            className="mb-3"
            label="Send my spins automatically"
            checked={account.auto_send}
            disabled={busy}
            onChange={(e) => void switchAutoSend(e.target.checked)}
          />
          {account.paused_reason && tokenForm('Connect')}
          <Button variant="outline-danger" disabled={busy} onClick={() => void disconnect()}>
            Disconnect
          </Button>
          <ListenBrainzImport />
        </>
      ) : (
        tokenForm('Connect')
      )}
    </Container>
  );
}
