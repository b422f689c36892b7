/**
 * /api/user/listenbrainz: the link to a ListenBrainz account (API.md "ListenBrainz").
 *
 * - `PUT /` `{auto_send}` without a token, when connected: changes only `auto_send`
 * - `PUT /` `{token, auto_send?}` → 200 `{connected: true, user_name, auto_send}` once
 *   `/1/validate-token` accepts the token; 400 `invalid_token` when ListenBrainz says it is
 *   not valid (nothing stored); 503 with `Retry-After` when ListenBrainz cannot be reached
 * - `GET /` → 200 `{connected, user_name, auto_send, paused_reason}`
 * - `DELETE /` → 204; the token is forgotten and nothing more is sent
 * - `POST /import` `{since?}` → 200 the preview of an import back (nothing stored);
 *   `POST /import/confirm` `{since?, sources}` → 201 `{spins_added}` (listenbrainz.import.ts);
 *   both 409 when not connected, 503 with `Retry-After` when ListenBrainz cannot be reached
 *
 * The token is stored encrypted (tokenSeal.ts), never logged and never returned.
 */
import { Router } from 'express';
import {
  listenBrainzConnectSchema,
  listenBrainzImportConfirmSchema,
  listenBrainzImportSchema,
} from '@spincrate/contract';
import type { AppContext, AppServices } from '@/lib/context.js';
import { currentUser, requireAuth } from '@/lib/auth.js';
import { HttpError, ServiceUnavailableError, ValidationError } from '@/lib/errors.js';
import { parseInput } from '@/lib/validation.js';
import { deleteAccount, findAccount, saveAccount, setAutoSend } from './account.queries.js';
import { ListenBrainzUnreachableError, validateToken } from './listenbrainz.client.js';
import { sealToken } from './tokenSeal.js';
import { requeuePaused } from './outbox.queries.js';
import { enqueuePairs } from './spinHooks.js';
import { confirmImport, previewImport } from './listenbrainz.import.js';

/** Seconds a client should wait before connecting again when ListenBrainz is unreachable. */
const UNREACHABLE_RETRY_AFTER_SECONDS = 30;

/** Builds the /api/user/listenbrainz router. */
export function createListenBrainzRouter(ctx: AppContext, services: AppServices): Router {
  const router = Router();
  router.use(requireAuth);

  router.put('/', async (req, res) => {
    const { token, auto_send: autoSendGiven } = parseInput(listenBrainzConnectSchema, req.body);
    const userId = currentUser(req).id;
    if (token === undefined) {
      // Only the switch: the link must exist already.
      const account =
        autoSendGiven === undefined ? undefined : await setAutoSend(ctx.db, userId, autoSendGiven);
      if (!account) throw new ValidationError('token is required', { token: 'is required' });
      res.json({ connected: true, user_name: account.user_name, auto_send: account.auto_send });
      return;
    }
    const autoSend = autoSendGiven ?? true;
    let result: Awaited<ReturnType<typeof validateToken>>;
    try {
      result = await validateToken(ctx.config, token);
    } catch (err) {
      if (err instanceof ListenBrainzUnreachableError) {
        ctx.logger.warn({ reason: err.message }, 'ListenBrainz unreachable while connecting');
        throw new ServiceUnavailableError(
          'ListenBrainz cannot be reached; try again shortly',
          UNREACHABLE_RETRY_AFTER_SECONDS,
        );
      }
      throw err;
    }
    if (!result.valid) throw new HttpError(400, 'invalid_token', 'ListenBrainz does not accept this token');
    const waiting = await ctx.db.withTransaction(async (tx) => {
      await saveAccount(
        tx,
        userId,
        sealToken(ctx.config.LISTENBRAINZ_TOKEN_KEY!, token),
        result.userName,
        autoSend,
      );
      return requeuePaused(tx, userId);
    });
    // A new token ends a pause: what waited is sent now.
    await enqueuePairs(ctx, services, waiting);
    res.json({ connected: true, user_name: result.userName, auto_send: autoSend });
  });

  router.get('/', async (req, res) => {
    const account = await findAccount(ctx.db, currentUser(req).id);
    res.json({
      connected: account !== undefined,
      user_name: account?.user_name ?? null,
      auto_send: account?.auto_send ?? false,
      paused_reason: account?.paused_reason ?? null,
    });
  });

  router.post('/import', async (req, res) => {
    const { since } = parseInput(listenBrainzImportSchema, req.body);
    res.json(await previewImport(ctx, currentUser(req).id, since));
  });

  router.post('/import/confirm', async (req, res) => {
    const { since, sources } = parseInput(listenBrainzImportConfirmSchema, req.body);
    const spinsAdded = await confirmImport(ctx, currentUser(req).id, since, sources);
    res.status(201).json({ spins_added: spinsAdded });
  });

  router.delete('/', async (req, res) => {
    await deleteAccount(ctx.db, currentUser(req).id);
    res.status(204).end();
  });

  return router;
}
