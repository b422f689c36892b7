/**
 * `boot.json`, the client build's description of its page for the server (issue 20 item 2:
 * the boot path is a build product). Written by the build (client/build/bootManifest.ts)
 * from Vite's own bundle, read and checked once by the server at start
 * (server/src/app/clientBuild.ts), which then only puts pieces together: it reads no other
 * file of the build for the page and knows no source file of the client.
 */
import { z } from 'zod';
import { PRELOADED_SCREENS, type PreloadedScreen } from './bootPage.js';

/** A file of the build as the page names it: `/assets/index-Ab12.js`. */
const buildPath = z.string().regex(/^\/[A-Za-z0-9._/-]+$/, 'a path of the build (/assets/…)');

/** The names of {@link PRELOADED_SCREENS}. */
const SCREEN_NAMES = Object.keys(PRELOADED_SCREENS) as [PreloadedScreen, ...PreloadedScreen[]];

/**
 * The page (`index.html` as Vite built it) cut where the server adds its pieces, in order:
 * `head` + the entry script (except where the loading screen starts it) + `headEnd` + the
 * JSON data blocks + `bodyStart` + the loading screen (a signed-in collection page) +
 * `beforeBootScript` + `<script>` the boot script `</script>` + `end`.
 */
export const bootPageSchema = z.object({
  /** From the doctype to where Vite put the entry script in the head. */
  head: z.string(),
  /** The rest of the head (Vite's preloads and stylesheet, the manifest link), without `</head>`. */
  headEnd: z.string(),
  /** `</head>` and the body's opening tag. */
  bodyStart: z.string(),
  /** The body's markup before the boot script. */
  beforeBootScript: z.string(),
  /** Everything after the boot script. */
  end: z.string(),
});

/** The shape of `boot.json`. */
export const bootManifestSchema = z.object({
  /** The boot script (`theme-init.js`, minified), which the page runs inline before it paints. */
  bootScript: z.object({
    /** Its text, which can end no `<script>` element. */
    text: z
      .string()
      .min(1)
      .refine((text) => !/<\/script|<!--/i.test(text), 'the boot script could end its <script> element'),
    /** Its SHA-256 as a CSP source: `'sha256-<base64>'`. */
    hash: z.string().regex(/^'sha256-[A-Za-z0-9+/]{43}='$/, "a CSP hash source ('sha256-…')"),
  }),
  /** The app's entry: its script, and the stylesheets the page links. */
  entry: z.object({ script: buildPath, css: z.array(buildPath) }),
  /**
   * Each screen's files to preload, by screen name ({@link PRELOADED_SCREENS}): the chunks
   * and stylesheets its modules need beyond the entry's, stylesheets first.
   */
  screens: z.record(z.enum(SCREEN_NAMES), z.array(buildPath)),
  page: bootPageSchema,
});

/** `boot.json` as read. */
export type BootManifest = z.infer<typeof bootManifestSchema>;
