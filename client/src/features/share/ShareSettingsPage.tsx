/**
 * Sharing a crate, /settings/share (EXTENSIONS.md §7; API.md "Share links"): make a link
 * with a scope (crate; crate and spins; crate and wants); the new link shows once, with a
 * Copy button and its QR code, and the page says it will not be shown again. The links
 * are listed with their scope, creation date and last use, each with **Revoke**: three
 * columns (the scope with its creation date and time, the last use, Revoke), so the list
 * fits a 375 px phone. Revoking moves the focus to the next link's Revoke button (the
 * previous one's for the last link; the list's heading when none is left).
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { format } from 'date-fns';
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

/** "MM/DD/YYYY at h:mm AM" of an ISO timestamp, in the user's own time zone (with seconds: "h:mm:ss AM"). */
function dayAndTime(timestamp: string, seconds = false): string {
  return `${day(timestamp)} at ${format(new Date(timestamp), seconds ? 'h:mm:ss a' : 'h:mm a')}`;
}

/**
 * The accessible name of each link's Revoke button, by link id: its scope and when it was
 * made ("Revoke the crate link made 11/28/2026 at 10:04 AM"), with the seconds when two
 * links of a scope were made in the same minute, and "(n of m)" when even those agree: no
 * two buttons are named alike.
 */
function revokeNames(links: readonly ShareLink[]): Map<number, string> {
  const named = (seconds: boolean) =>
    links.map(
      (link) =>
        `Revoke the ${SCOPE_LABELS[link.scope].toLowerCase()} link made ${dayAndTime(link.created_at, seconds)}`,
    );
  const minutes = named(false);
  const exact = named(true);
  const names = minutes.map((name, i) =>
    minutes.indexOf(name) === minutes.lastIndexOf(name) ? name : exact[i]!,
  );
  const out = new Map<number, string>();
  links.forEach((link, i) => {
    const name = names[i]!;
    const same = names.flatMap((other, j) => (other === name ? [j] : []));
    out.set(link.id, same.length > 1 ? `${name} (${same.indexOf(i) + 1} of ${same.length})` : name);
  });
  return out;
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

  const linksHeading = useRef<HTMLHeadingElement>(null);
  const revokeButtons = useRef(new Map<number, HTMLButtonElement>());
  // Where the focus goes once the list shown after a revoke is on the screen.
  const focusAfterRevoke = useRef<number | 'heading' | undefined>(undefined);
  const [revoked, setRevoked] = useState(false);

  /**
   * Reads the links again.
   * @param beforeShown - called with the new list before it is shown
   */
  const reload = useCallback(async (beforeShown?: (fresh: ShareLink[]) => void) => {
    try {
      const fresh = await listShareLinks();
      beforeShown?.(fresh);
      setLinks(fresh);
    } catch {
      setProblem("Your links couldn't be loaded. Try again later.");
    }
  }, []);

  useEffect(() => {
    const target = focusAfterRevoke.current;
    if (target === undefined) return;
    focusAfterRevoke.current = undefined;
    (target === 'heading' ? linksHeading.current : revokeButtons.current.get(target))?.focus();
  }, [links]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    setCopied(false);
    setRevoked(false);
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
    setRevoked(false);
    const place = links?.findIndex((shown) => shown.id === link.id) ?? 0;
    try {
      await revokeShareLink(link.id);
      if (created?.id === link.id) setCreated(undefined);
    } catch (err) {
      if (errorStatus(err) !== 404) setProblem("The link couldn't be revoked. Try again later.");
    }
    await reload((fresh) => {
      // Still listed (the revoke failed): the focus stays on its button.
      if (fresh.some((shown) => shown.id === link.id)) return;
      setRevoked(true);
      // The link that takes its place, else the one before it, else the list's heading.
      const next = fresh[Math.min(place, fresh.length - 1)];
      focusAfterRevoke.current = next ? next.id : 'heading';
    });
  };

  const names = revokeNames(links ?? []);

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

      <h2 id={`${scopeId}-links`} className="h4" tabIndex={-1} ref={linksHeading}>
        Your links
      </h2>
      <p role="status" className="visually-hidden">
        {revoked ? 'The link was revoked.' : ''}
      </p>
      {links === undefined ? (
        <p role="status">Loading...</p>
      ) : links.length === 0 ? (
        <p>You have no share links.</p>
      ) : (
        <Table responsive className="align-middle" aria-labelledby={`${scopeId}-links`}>
          <thead>
            <tr>
              <th scope="col">Link</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.map((link) => (
              <tr key={link.id}>
                <td>
                  <span className="d-block fw-semibold">{SCOPE_LABELS[link.scope]}</span>{' '}
                  <span className="d-block small text-body-secondary">
                    Made {dayAndTime(link.created_at)}
                  </span>
                </td>
                <td>{day(link.last_used_at)}</td>
                <td className="text-end">
                  <Button
                    ref={(button: HTMLButtonElement | null) => {
                      if (button) revokeButtons.current.set(link.id, button);
                      else revokeButtons.current.delete(link.id);
                    }}
                    variant="outline-danger"
                    size="sm"
                    onClick={() => void onRevoke(link)}
                    aria-label={names.get(link.id)}
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
