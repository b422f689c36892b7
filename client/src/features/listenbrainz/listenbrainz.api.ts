/** The HTTP calls of the ListenBrainz settings (API.md "ListenBrainz"). */
import type { ListenBrainzAccount } from '@spincrate/contract';
import { api } from '@/lib/api';

/** GET /api/user/listenbrainz. @throws the axios error of a failed call */
export async function getListenBrainz(): Promise<ListenBrainzAccount> {
  return (await api.get<ListenBrainzAccount>('/api/user/listenbrainz')).data;
}

/**
 * PUT /api/user/listenbrainz: connect with a token, or (no token, when connected) change `auto_send`.
 * @throws the axios error of a failed call (400 `invalid_token`, 503 with Retry-After …)
 */
export async function putListenBrainz(body: { token?: string; auto_send?: boolean }): Promise<void> {
  await api.put('/api/user/listenbrainz', body);
}

/** DELETE /api/user/listenbrainz. @throws the axios error of a failed call */
export async function deleteListenBrainz(): Promise<void> {
  await api.delete('/api/user/listenbrainz');
}
