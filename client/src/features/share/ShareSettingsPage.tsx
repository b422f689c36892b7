/**
 * Sharing a crate, /settings/share (EXTENSIONS.md §7; API.md "Share links"): make a link
 * with a scope (crate; crate and spins; crate and wants); the new link shows once, with a
 * Copy button and its QR code, and the page says it will not be shown again. The links
 * are listed with their scope, creation date and last use, each with **Revoke**.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { SHARE_SCOPES, type CreatedShareLink, type ShareLink, type ShareScope } from '@spincrate/contract';
import { errorStatus } from '@/lib/api';
import { formatLongDate } from '@/lib/dates';
import { createShareLink, listShareLinks, revokeShareLink } from './share.api';

/** How each scope is named on the screen. */
const SCOPE_LABELS: Readonly<Record<ShareScope, string>> = {
  crate: 'Crate',
  'crate+spins': 'Crate and spins',
  'crate+wants': 'Crate and wants',
};

/** MM/DD/YYYY of an ISO timestamp, in the user's own time zone. */
function day(timestamp: string | null): string {
  if (!timestamp) return 'Never';
  const date = new Date(timestamp);
  const pad = (n: number) => String(n).padStart(2, '0');
  return formatLongDate(`${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`);
}

/** The QR code's SVG (the server's text) as an image URL: shown by `<img>`, never put into the page's markup. */
function svgImage(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The share links screen. */
export default function ShareSettingsPage() {
  const scopeId = useId();
  const [scope, setScope] = useState<ShareScope>('crate');
  const [links, setLinks] = useState<ShareLink[] | undefined>(undefined);
  const [created, setCreated] = useState<CreatedShareLink | undefined>(undefined);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const reload = useCallback(async () => {
    try {
      setLinks(await listShareLinks());
    } catch {
      setProblem("Your links couldn't be loaded. Try again later.");
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    setCopied(false);
    try {
      setCreated(await createShareLink(scope));
      await reload();
    } catch (err) {
      setProblem(
        errorStatus(err) === 409
          ? 'You already have 5 links. Revoke one to make another.'
          : "The link couldn't be made. Try again later.",
      );
    } finally {
      setBusy(false);
    }
  };

  const onCopy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied(true);
    } catch {
      setProblem("The link couldn't be copied: select it and copy it by hand.");
    }
  };

  const onRevoke = async (link: ShareLink) => {
    setProblem(undefined);
    try {
      await revokeShareLink(link.id);
      if (created?.id === link.id) setCreated(undefined);
    } catch (err) {
      if (errorStatus(err) !== 404) setProblem("The link couldn't be revoked. Try again later.");
    }
    await reload();
  };

  return (
    <Container className="py-4">
      <h1>Share my crate</h1>
      <p>
        Anyone with a link can see your crate without an account, read-only. Prices, purchases and locations
        are never shown.
      </p>
      <Form
        onSubmit={(event) => void onCreate(event)}
        className="d-flex flex-wrap align-items-end gap-2 mb-4"
      >
        <Form.Group controlId={scopeId}>
          <Form.Label>What the link shows</Form.Label>
          <Form.Select value={scope} onChange={(event) => setScope(event.target.value as ShareScope)}>
            {SHARE_SCOPES.map((value) => (
              <option key={value} value={value}>
                {SCOPE_LABELS[value]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button type="submit" disabled={busy}>
          Make a link
        </Button>
      </Form>

      {problem && (
        <Alert variant="danger" role="alert">
          {problem}
        </Alert>
      )}

      {created && (
        <section aria-labelledby="new-link-heading" className="border rounded p-3 mb-4">
          <h2 id="new-link-heading" className="h5">
            Your new link ({SCOPE_LABELS[created.scope]})
          </h2>
          <p className="fw-semibold">This link won&apos;t be shown again: copy it or scan its QR code now.</p>
          <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
            <Form.Group controlId={`${scopeId}-url`} className="flex-grow-1">
              <Form.Label>Link</Form.Label>
              <Form.Control readOnly value={created.url} onFocus={(event) => event.target.select()} />
            </Form.Group>
            <Button variant="outline-primary" onClick={() => void onCopy()}>
              Copy
            </Button>
          </div>
          <p role="status" aria-live="polite" className="small">
            {copied ? 'Copied.' : ''}
          </p>
          <img
            src={svgImage(created.qr_svg)}
            alt="QR code of the new link"
            width={200}
            height={200}
            className="bg-white p-2 rounded"
          />
        </section>
      )}

      <h2 className="h4">Your links</h2>
      {links === undefined ? (
        <p role="status">Loading...</p>
      ) : links.length === 0 ? (
        <p>You have no share links.</p>
      ) : (
        <Table responsive className="align-middle">
          <thead>
            <tr>
              <th scope="col">Shows</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.map((link) => (
              <tr key={link.id}>
                <td>{SCOPE_LABELS[link.scope]}</td>
                <td>{day(link.created_at)}</td>
                <td>{day(link.last_used_at)}</td>
                <td className="text-end">
                  <Button
                    variant="outline-danger"
                    size="sm"
                    onClick={() => void onRevoke(link)}
                    aria-label={`Revoke the ${SCOPE_LABELS[link.scope].toLowerCase()} link made ${day(link.created_at)}`}
                  >
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Container>
  );
}
