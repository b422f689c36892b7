/**
 * GET /api/openapi.json: the OpenAPI 3.1 description of the API, generated from the
 * contract's schemas and route table (`@spincrate/contract`); public, no session.
 */
import { Router } from 'express';
import { buildOpenApiDocument } from '@spincrate/contract';

/** Builds the /api/openapi.json router; the document is generated once. */
export function createOpenApiRouter(): Router {
  const router = Router();
  const document = buildOpenApiDocument();
  router.get('/', (_req, res) => {
    res.json(document);
  });
  return router;
}
