// Writes a Brotli (.br) and a gzip (.gz) copy beside each built script, stylesheet and SVG, at
// each format's highest level. The server sends these as they are (serveStatic's `precompressed`)
// instead of compressing every response at its middleware's default level: a first visit to
// /auth downloads 148 KB of script with gzip and 127 KB with Brotli, against 150 KB before
// (docs/architecture.md, "Front end").
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));

for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(?:js|css|svg)$/u.test(entry.name)) continue;
  const file = join(entry.parentPath, entry.name);
  const body = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
}
