/**
 * @vitest-environment node
 *
 * `npm run build` prints no warning about the project's own Vite config (issue 26, item 10):
 * the config is loaded as the build loads it, and everything it says is collected.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, loadConfigFromFile } from 'vite';
import { expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

it('loads the Vite config without a warning', async () => {
  const said: string[] = [];
  const logger = createLogger('warn');
  logger.warn = (message) => said.push(message);
  logger.warnOnce = (message) => said.push(message);
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    path.join(root, 'vite.config.ts'),
    root,
    'warn',
    logger,
  );
  expect(loaded?.config).toBeDefined();
  expect(said).toEqual([]);
});

it("drops index.html's comments from the built page, with their lines' indentation", async () => {
  const { withoutHtmlComments } = await import('../../vite.config.ts');
  const html = [
    '<head>',
    "    <!-- The themes' page colours",
    '         for the title bar. -->',
    '    <meta name="theme-color" content="#ffffff" />',
    '  </head>',
    '  <body class="light"><!-- inline --><div id="root"></div></body>',
  ].join('\n');
  expect(withoutHtmlComments(html)).toBe(
    [
      '<head>',
      '    <meta name="theme-color" content="#ffffff" />',
      '  </head>',
      '  <body class="light"><div id="root"></div></body>',
    ].join('\n'),
  );
});
