/** Send again (API.md "ListenBrainz": POST /api/spins/{id}/send). */
import { api } from '@/lib/api';

/** POST /api/spins/{id}/send (202). @throws the axios error of a failed call (409 not connected) */
export async function sendSpin(spinId: number): Promise<void> {
  await api.post(`/api/spins/${spinId}/send`);
}
