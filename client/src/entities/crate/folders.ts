/**
 * The signed-in user's folders (API.md "Collection details": `GET /api/record/folders`)
 * and the folder a screen shows, kept in the URL query (`?folder=Jazz`, EXTENSIONS.md §5).
 */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FolderCount } from '@spincrate/contract';
import { api } from '@/lib/api';
import { useCopyUserId } from '@/lib/offline/copyUser';
import { isUnreachableError } from '@/lib/connectivity';
import { loadCopyReads } from '@/lib/offline/fallback';

/**
 * The user's folders with their record counts, by name; [] until they arrive, and when
 * they cannot be read (the filter then simply does not show). When the server can't be
 * reached, the offline copy's (EXTENSIONS.md §9: the folder filter works on the copy).
 */
export function useOwnFolders(): FolderCount[] {
  const [folders, setFolders] = useState<FolderCount[]>([]);
  const userId = useCopyUserId();
  useEffect(() => {
    let live = true;
    api.get<FolderCount[]>('/api/record/folders').then(
      (response) => {
        if (live) setFolders(response.data);
      },
      (err: unknown) => {
        if (!isUnreachableError(err) || userId === undefined) return;
        loadCopyReads()
          .then((reads) => reads.readCopyFolders(userId))
          .then(
            (copy) => {
              if (live && copy) setFolders(copy.value);
            },
            () => undefined,
          );
      },
    );
    return () => {
      live = false;
    };
  }, [userId]);
  return folders;
}

/**
 * The folder of the URL query (`folder`, '' for every folder) and a setter that writes it
 * (replacing the history entry; '' removes it).
 */
export function useFolderParam(): [string, (folder: string) => void] {
  const [params, setParams] = useSearchParams();
  const folder = params.get('folder') ?? '';
  const setFolder = useCallback(
    (value: string) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          if (value) out.set('folder', value);
          else out.delete('folder');
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [folder, setFolder];
}
