/**
 * @spincrate/contract: the HTTP contract of API.md, defined once — request schemas,
 * entity schemas and types, field limits, error codes, the route table, the OpenAPI
 * document generated from them, and the app version. Plain ESM with only `zod` as a
 * dependency, so the server, the browser client and the e2e suite all import it.
 */
export * from './version.js';
export * from './limits.js';
export * from './errors.js';
export * from './fields.js';
export * from './dates.js';
export * from './discogs.js';
export * from './collection.js';
export * from './requests.js';
export * from './entities.js';
export * from './share.js';
export * from './routes.js';
export * from './openapi.js';
export * from './wants.js';
export * from './offlineRules.js';
export * from './recordLists.js';
export * from './offlineRules.cases.js';
export * from './bootPage.js';
export * from './boot.js';
