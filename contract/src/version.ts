/**
 * The app's version, the one source of it: the footer label, `GET /api/config`'s
 * `version`, the metadata User-Agent and the OpenAPI document read it from here.
 * The `version` of every package.json must equal it (a server test checks that).
 */
export const APP_VERSION = '1.3.2';

/** The version as the footer shows it: `v1.3.2`. */
export const APP_VERSION_LABEL = `v${APP_VERSION}`;
