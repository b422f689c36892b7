/**
 * The wants added without a connection, waiting in the outbox (EXTENSIONS.md §9): each shows
 * "Waiting to send" until the server has it, like the spins page's; one the server refused (400)
 * shows its message with a link to add it again (the add-want form filled with it:
 * lib/offline/outboxEdit.ts); when a send was answered 401, the list asks for a new login.
 */
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';
import { outboxEditPath } from '@/lib/offline/outboxEdit';
import { discardOutboxItem, selectOutbox, selectOutboxLoginNeeded } from '@/lib/offline/state';

/** The outbox's wants, above the wantlist; nothing when none waits. */
export default function OutboxWants() {
  const dispatch = useAppDispatch();
  const wants = useAppSelector(selectOutbox).filter((item) => item.kind === 'want');
  const loginNeeded = useAppSelector(selectOutboxLoginNeeded);
  if (wants.length === 0) return null;
  return (
    <section aria-labelledby="outbox-wants" className="mb-4">
      <h2 id="outbox-wants" className="h5">
        Not sent yet
      </h2>
      {loginNeeded && (
        <p className="alert alert-warning" role="status">
          Your session has ended. <Link to={paths.home}>Log in again</Link> to send them.
        </p>
      )}
      <ul className="list-group">
        {wants.map((item) => (
          <li key={item.clientId} className="list-group-item">
            <span className="fw-bold text-break">{String(item.body.title ?? '')}</span>{' '}
            <span className="text-break">{String(item.body.artist ?? '')}</span>
            {item.status === 'waiting' ? (
              <span className="d-block" role="status">
                Waiting to send
              </span>
            ) : (
              <span className="d-block" role="status">
                Not sent: {item.error}.{' '}
                <Link to={outboxEditPath(paths.addWant, item.clientId)}>Edit and add it again</Link>{' '}
                <button
                  type="button"
                  className="btn btn-link p-0 align-baseline"
                  onClick={() => dispatch(discardOutboxItem(item.clientId))}
                >
                  Discard
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
