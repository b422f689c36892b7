/**
 * GET /api/config: the client's runtime configuration, so it changes without a
 * rebuild (chat-bot frame, creator's username, image host).
 */
import { Router } from 'express';
import { APP_VERSION_LABEL, type ClientConfig } from '@spincrate/contract';
import type { AppContext } from '@/lib/context.js';

/**
 * The runtime configuration: the body of GET /api/config, also written into `index.html`
 * (its `spincrate-config` data block) so the page needs no request for it (issue 11).
 * @param ctx - the app's context (its validated environment)
 */
export function clientConfigBody(ctx: AppContext): ClientConfig {
  return {
    chatbotUrl: ctx.config.CHATBOT_URL ?? '/chatbot-help.html',
    chatbotName: ctx.config.CHATBOT_NAME,
    creatorUsername: ctx.config.CREATOR_USERNAME,
    imageUrl: ctx.config.IMAGE_HOST_URL ?? '/sample-image.svg',
    version: APP_VERSION_LABEL,
  };
}

/** Builds the /api/config router. */
export function createClientConfigRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    res.json(clientConfigBody(ctx));
  });
  return router;
}
