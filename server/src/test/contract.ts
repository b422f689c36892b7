/**
 * Checks answers against the contract (`@spincrate/contract`'s route table): every
 * response a test gets through `request()` or the harness's agents is matched to its
 * route, and fails the test when its body does not match the route's schema — the
 * success schema for the success status, the error body (with a code of that status)
 * for an error status the route may give. Also lists the routes the app mounts.
 */
import type { Express } from 'express';
import supertest from 'supertest';
import {
  ERROR_CODES,
  errorBodySchema,
  errorStatuses,
  ROUTES,
  routeKey,
  type RouteContract,
  type RouteKey,
} from '@spincrate/contract';

/** The parts of a supertest response the checks read. */
export interface CheckedResponse {
  status: number;
  body: unknown;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Routes whose success answer was checked in this test file (for the coverage test). */
export const checkedSuccesses = new Set<RouteKey>();

/** Routes with fewer `{…}` parts first, so `/api/record/export` is not taken for `/api/record/{id}`. */
const TEMPLATES = ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
  placeholders: route.path.split('{').length - 1,
})).sort((a, b) => a.placeholders - b.placeholders);

/**
 * The contract route a request goes to, e.g. `DELETE /api/record/12` → `DELETE /api/record/{id}`.
 * @returns undefined for a path the contract does not name (unknown routes, an empty id)
 */
function contractRouteOf(method: string, url: string): RouteContract | undefined {
  const path = new URL(url, 'http://localhost').pathname;
  return TEMPLATES.find((t) => t.route.method === method.toLowerCase() && t.pattern.test(path))?.route;
}

function describeIssues(issues: Array<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Throws unless `res` is an answer `route` may give, with a body matching its schema.
 * @param route - a route of the contract, or its key such as `GET /api/record`
 */
export function expectMatchesContract(res: CheckedResponse, route: RouteContract | RouteKey): void {
  const contract = typeof route === 'string' ? ROUTES.find((r) => routeKey(r) === route) : route;
  if (!contract) throw new Error(`${String(route)} is not a route of the contract`);
  const key = routeKey(contract);
  const contentType = String(res.headers['content-type'] ?? '');
  const { success } = contract;
  if (res.status === success.status || res.status === success.repeat?.status) {
    if (success.status === 204) {
      if (res.text) throw new Error(`${key} answered 204 with a body`);
    } else if (contentType.startsWith('application/json')) {
      if (!success.schema) throw new Error(`${key} answered JSON but the contract names no body`);
      const result = success.schema.safeParse(res.body);
      if (!result.success) {
        throw new Error(
          `${key} ${res.status} does not match the contract: ${describeIssues(result.error.issues)}`,
        );
      }
    } else if (!Object.keys(success.otherContent ?? {}).some((type) => contentType.startsWith(type))) {
      throw new Error(`${key} answered ${res.status} as ${contentType || 'no content type'}`);
    }
    expectHeadersOfContract(res, contract);
    checkedSuccesses.add(key);
    return;
  }
  if (res.status === 304) {
    // A revalidated GET has no body to check; only a route with ETags answers it.
    if (!contract.etag) throw new Error(`${key} answered 304 but the contract names no ETag`);
    return;
  }
  if ((res.status === 429 || res.status === 503) && res.headers['retry-after'] === undefined) {
    throw new Error(`${key} answered ${res.status} without Retry-After`);
  }
  if (!errorStatuses(contract).includes(res.status)) {
    throw new Error(`${key} answered ${res.status}, which the contract does not list`);
  }
  const result = errorBodySchema.safeParse(res.body);
  if (!result.success) {
    throw new Error(`${key} ${res.status}: not the error body: ${describeIssues(result.error.issues)}`);
  }
  if (ERROR_CODES[result.data.error.code] !== res.status) {
    throw new Error(`${key} answered ${res.status} with code ${result.data.error.code}`);
  }
}

/**
 * Throws when a success answer's headers and the contract disagree: an `ETag` exactly on the
 * routes the contract marks `etag`, `X-Total-Count` and `Link` only on `paged` ones
 * (API.md "Lists at scale").
 */
function expectHeadersOfContract(res: CheckedResponse, contract: RouteContract): void {
  const key = routeKey(contract);
  const etag = res.headers['etag'];
  if (contract.etag && etag === undefined)
    throw new Error(`${key} answered without the ETag the contract names`);
  if (!contract.etag && etag !== undefined)
    throw new Error(`${key} answered an ETag the contract does not name`);
  for (const name of ['x-total-count', 'link']) {
    if (!contract.paged && res.headers[name] !== undefined)
      throw new Error(`${key} answered ${name} but the contract names no paging`);
  }
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

type Requester = ReturnType<typeof supertest> | ReturnType<typeof supertest.agent>;

/**
 * Makes every request of `requester` check its answer against the contract (requests to
 * paths the contract does not name are not checked). Returns `requester` itself.
 */
function withContractChecks<T extends Requester>(requester: T): T {
  const target = requester as unknown as Record<string, (url: string, ...rest: unknown[]) => unknown>;
  for (const method of METHODS) {
    const original = target[method]!.bind(requester);
    target[method] = (url: string, ...rest: unknown[]) => {
      const test = original(url, ...rest) as supertest.Test;
      const route = contractRouteOf(method, url);
      return route ? test.expect((res) => expectMatchesContract(res, route)) : test;
    };
  }
  return requester;
}

/**
 * supertest's `request(app)` (and `request.agent(app)`), with every answer checked
 * against the contract: a drop-in for `import request from 'supertest'`.
 */
function checkedRequest(app: Parameters<typeof supertest>[0]) {
  return withContractChecks(supertest(app));
}
checkedRequest.agent = (app: Parameters<typeof supertest.agent>[0]) =>
  withContractChecks(supertest.agent(app));
// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace checkedRequest {
  type Response = supertest.Response;
  type Test = supertest.Test;
}
export { checkedRequest as request };

interface StackLayer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: StackLayer[] };
}

/**
 * Every route the app mounts, as contract keys (`GET /api/record/{id}`), found by walking
 * Express's router stack (mount paths joined, `:id` written `{id}`).
 */
export function mountedRoutes(app: Express): RouteKey[] {
  const found: RouteKey[] = [];
  const walk = (stack: StackLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const routePath of [layer.route.path].flat()) {
          const path = `${prefix}${routePath}`.replace(/\/+$/, '').replace(/:(\w+)/g, '{$1}') || '/';
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== '_all') found.push(`${method.toUpperCase()} ${path}` as RouteKey);
          }
        }
      } else if (Array.isArray(layer.handle?.stack)) {
        const mount = [layer.rawPath ?? ''].flat()[0] ?? '';
        walk(layer.handle.stack, `${prefix}${mount === '/' ? '' : mount}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: StackLayer[] } }).router.stack, '');
  return found;
}

/**
 * The routes the app mounts that the contract does not describe. A route without a path
 * id (`DELETE /api/record`) next to the same method's `…/{id}` route is that route's
 * empty-id case (it answers 400) and counts as described by it.
 */
export function undescribedRoutes(app: Express): RouteKey[] {
  const described = new Set(ROUTES.map(routeKey));
  return mountedRoutes(app).filter((key) => !described.has(key) && !described.has(`${key}/{id}` as RouteKey));
}
