/**
 * The chip a screen shows while it shows the offline copy instead of the server's answer
 * (EXTENSIONS.md §9): "Offline copy · synced {time}". A live region, so screen readers hear
 * when a screen switches to the copy.
 */
import { memo } from 'react';
import { useAppSelector } from '@/app/hooks';
import type { OfflineScreen } from '@/lib/offline/state';
import { selectOfflineSyncedAt, selectShowsOfflineCopy } from '@/lib/offline/state';
import { formatSyncedAt } from '@/lib/offline/format';

/**
 * The chip of `screen`, or nothing while it shows the server's answer. Memoised: its screen's
 * renders (a new list) skip it while its state is unchanged.
 */
export default memo(function OfflineChip({ screen }: { screen: OfflineScreen }) {
  const shown = useAppSelector((state) => selectShowsOfflineCopy(state, screen));
  const syncedAt = useAppSelector(selectOfflineSyncedAt);
  return (
    <div role="status" className="offline-chip-region">
      {shown && syncedAt && (
        <span className="badge rounded-pill text-bg-secondary fw-normal fs-6 my-1">
          Offline copy · synced {formatSyncedAt(syncedAt)}
        </span>
      )}
    </div>
  );
});
