/** The HTTP calls of the ListenBrainz settings (API.md "ListenBrainz"). */
import type {
  ListenBrainzAccount,
  ListenBrainzConnectBody,
  ListenBrainzImportBody,
  ListenBrainzImportConfirmBody,
  ListenBrainzImportPreview,
  ListenBrainzImportResult,
} from '@spincrate/contract';
import { api } from '@/lib/api';

/** GET /api/user/listenbrainz. @throws the axios error of a failed call */
export async function getListenBrainz(): Promise<ListenBrainzAccount> {
  return (await api.get<ListenBrainzAccount>('/api/user/listenbrainz')).data;
}

/**
 * PUT /api/user/listenbrainz: connect with a token, or (no token, when connected) change `auto_send`.
 * @throws the axios error of a failed call (400 `invalid_token`, 503 with Retry-After …)
 */
export async function putListenBrainz(body: ListenBrainzConnectBody): Promise<void> {
  await api.put('/api/user/listenbrainz', body);
}

/** DELETE /api/user/listenbrainz. @throws the axios error of a failed call */
export async function deleteListenBrainz(): Promise<void> {
  await api.delete('/api/user/listenbrainz');
}

/**
 * POST /api/user/listenbrainz/import: the preview of an import back (nothing stored).
 * @param since - `YYYY-MM-DD`, or undefined for every listen
 * @throws the axios error of a failed call (409 not connected, 503 with Retry-After …)
 */
export async function previewListenBrainzImport(
  since: string | undefined,
): Promise<ListenBrainzImportPreview> {
  const body: ListenBrainzImportBody = since ? { since } : {};
  return (await api.post<ListenBrainzImportPreview>('/api/user/listenbrainz/import', body)).data;
}

/**
 * POST /api/user/listenbrainz/import/confirm: adds the spins of the chosen sources.
 * @returns how many spins were added (0 when they were imported before)
 * @throws the axios error of a failed call
 */
export async function confirmListenBrainzImport(
  since: string | undefined,
  sources: string[],
): Promise<number> {
  const body: ListenBrainzImportConfirmBody = since ? { since, sources } : { sources };
  return (await api.post<ListenBrainzImportResult>('/api/user/listenbrainz/import/confirm', body)).data
    .spins_added;
}
