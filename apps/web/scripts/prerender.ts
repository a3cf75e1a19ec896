// Writes dist/auth.html after `vite build`: dist/index.html with the sign-in page's markup beside
// the app's root, so that a first visit paints the form before the app's code arrives, and a
// script of about 1 KB compressed that runs before that code and notes what is done on the form
// meanwhile. The app replaces the markup when it renders (lib/static-page.ts;
// docs/decisions/0039-sign-in-page-in-the-html.md).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (file: string) => fileURLToPath(new URL(`../dist/${file}`, import.meta.url));

/** Replaces the one occurrence of `search` in `text`, or fails the build. */
function replaceOnce(text: string, search: string, replacement: string): string {
  if (text.split(search).length !== 2) throw new Error(`dist/index.html: expected one ${search}`);
  return text.replace(search, () => replacement);
}

/** The watcher (lib/static-page-watch.ts) as one module, written beside the build's own assets. */
async function buildWatcher(): Promise<string> {
  const output = await build({
    root,
    configFile: false,
    logLevel: 'error',
    mode: 'production',
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: 'src/lib/static-page-watch.ts', formats: ['es'] },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output : [],
  );
  if (chunks.length !== 1 || chunks[0]?.type !== 'chunk')
    throw new Error(`the static page's watcher built into ${chunks.length} files, not one`);
  const { code } = chunks[0];
  const name = `static-page-watch-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(dist(`assets/${name}`), code);
  return `/assets/${name}`;
}

const watcher = await buildWatcher();

// Vite's server in middleware mode, only to load the page's modules in Node (no port, no watch).
const vite = await createServer({
  root,
  mode: 'production',
  configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: 'custom',
  logLevel: 'error',
});
try {
  const { renderSignIn, renderLoadFailed, STATIC_PAGE_ID, LOAD_FAILED_ID } =
    (await vite.ssrLoadModule('/src/app/static-sign-in.tsx')) as {
      renderSignIn: () => string;
      renderLoadFailed: () => string;
      STATIC_PAGE_ID: string;
      LOAD_FAILED_ID: string;
    };
  // React renders the page's <title> where the page puts it: it belongs in the head.
  const [, title, body] = /^<title>([^<]*)<\/title>(.*)$/su.exec(renderSignIn()) ?? [];
  if (!title || !body) throw new Error('the sign-in page rendered no <title> first');
  // The page's text paints before the app's code runs: with the font already there, it does not
  // move when the font arrives.
  const fonts = readdirSync(dist('assets')).filter((file) =>
    /^inter-latin-wght-normal-.*\.woff2$/u.test(file),
  );
  if (fonts.length !== 1)
    throw new Error(`dist/assets: expected one Latin Inter font, found ${fonts.length}`);
  const preload = `<link rel="preload" href="/assets/${fonts[0]}" as="font" type="font/woff2" crossorigin>`;
  let html = readFileSync(dist('index.html'), 'utf8');
  html = replaceOnce(html, '<title>Callboard</title>', `<title>${title}</title>${preload}`);
  // Module scripts run in the order they appear, each once it has arrived: the watcher first.
  html = replaceOnce(
    html,
    '<script type="module" crossorigin src="/assets/index-',
    `<script type="module" src="${watcher}"></script><script type="module" crossorigin src="/assets/index-`,
  );
  html = replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root"></div><div id="${STATIC_PAGE_ID}">${body}` +
      `<template id="${LOAD_FAILED_ID}">${renderLoadFailed()}</template></div>`,
  );
  writeFileSync(dist('auth.html'), html);
} finally {
  await vite.close();
}
