/**
 * The spins made without a connection, waiting in the outbox (EXTENSIONS.md §9): each shows
 * "Waiting to send" until the server has it; one the server refused (400) shows its message
 * with a link to log it again (the add-spin form filled with it: lib/offline/outboxEdit.ts);
 * when a send was answered 401, the list asks for a new login.
 */
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';
import { outboxEditPath } from '@/lib/offline/outboxEdit';
import { discardOutboxItem, selectOutbox, selectOutboxLoginNeeded } from '@/lib/offline/state';

/** The outbox's spins, above the spins list; nothing when none waits. */
export default function OutboxSpins() {
  const dispatch = useAppDispatch();
  const spins = useAppSelector(selectOutbox).filter((item) => item.kind === 'spin');
  const loginNeeded = useAppSelector(selectOutboxLoginNeeded);
  if (spins.length === 0) return null;
  return (
    <section aria-labelledby="outbox-spins" className="mb-4">
      <h2 id="outbox-spins" className="h5">
        Not sent yet
      </h2>
      {loginNeeded && (
        <p className="alert alert-warning" role="status">
          Your session has ended. <Link to={paths.home}>Log in again</Link> to send them.
        </p>
      )}
      <ul className="list-group">
        {spins.map((item) => (
          <li key={item.clientId} className="list-group-item">
            <span className="fw-bold">{String(item.body.listenedAt ?? '')}</span>{' '}
            {String(item.body.details ?? '')}
            {item.titles && item.titles.length > 0 && (
              <span className="d-block text-body-secondary">{item.titles.join(', ')}</span>
            )}
            {item.status === 'waiting' ? (
              <span className="d-block" role="status">
                Waiting to send
              </span>
            ) : (
              <span className="d-block" role="status">
                Not sent: {item.error}.{' '}
                <Link to={outboxEditPath(paths.addSpin, item.clientId)}>Edit and log it again</Link>{' '}
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
