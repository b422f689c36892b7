/**
 * GET /api/config: the client's runtime configuration, so it changes without a
 * rebuild (chat-bot frame, creator's username, image host).
 */
import { Router } from 'express';
import type { AppContext } from '../../lib/context.js';

/** The client configuration as served. */
export interface ClientConfig {
  /** URL of the chat-bot frame; the app's own help page when none is configured. */
  chatbotUrl: string;
  /** The chat bot's persona name, shown on the footer button. */
  chatbotName: string;
  /** The creator's username, suggested by the empty-social popup. */
  creatorUsername: string;
  /** URL of the sample image on the image host for /test. */
  imageUrl: string;
  /** The version label shown in the footer. */
  version: string;
}

/** Builds the /api/config router. */
export function createClientConfigRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    const body: ClientConfig = {
      chatbotUrl: ctx.config.CHATBOT_URL ?? '/chatbot-help.html',
      chatbotName: ctx.config.CHATBOT_NAME,
      creatorUsername: ctx.config.CREATOR_USERNAME,
      imageUrl: ctx.config.IMAGE_HOST_URL ?? '/sample-image.svg',
      version: 'v1.3.2',
    };
    res.json(body);
  });
  return router;
}
