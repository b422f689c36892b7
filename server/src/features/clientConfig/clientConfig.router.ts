/**
 * GET /api/config: the client's runtime configuration, so it changes without a
 * rebuild (chat-bot frame, creator's username, image host).
 */
import { Router } from 'express';
import { APP_VERSION_LABEL, type ClientConfig } from '@spincrate/contract';
import type { AppContext } from '@/lib/context.js';

/** Builds the /api/config router. */
export function createClientConfigRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    const body: ClientConfig = {
      chatbotUrl: ctx.config.CHATBOT_URL ?? '/chatbot-help.html',
      chatbotName: ctx.config.CHATBOT_NAME,
      creatorUsername: ctx.config.CREATOR_USERNAME,
      imageUrl: ctx.config.IMAGE_HOST_URL ?? '/sample-image.svg',
      version: APP_VERSION_LABEL,
    };
    res.json(body);
  });
  return router;
}
