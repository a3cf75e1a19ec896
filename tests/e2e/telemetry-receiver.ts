// A stand-in for Sentry's and PostHog's ingest, on loopback: it keeps every request it is sent
// (bodies gunzipped), shows them at GET /received and forgets them on POST /reset. The e2e
// server's SENTRY_DSN and POSTHOG_HOST point here (playwright.config.ts); global-setup.ts starts
// it. Nothing in the e2e runs talks to the real services.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface ReceivedRequest {
  method: string;
  /** Path and query, e.g. /api/1/envelope/?sentry_key=public. */
  url: string;
  contentType: string | null;
  body: string;
}

function isGzip(raw: Buffer): boolean {
  return raw.length > 2 && raw[0] === 0x1f && raw[1] === 0x8b;
}

function corsHeaders(request: IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': request.headers.origin ?? '*',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '*',
    'Access-Control-Expose-Headers': 'Retry-After, X-Sentry-Rate-Limits',
    'Access-Control-Allow-Private-Network': 'true',
  };
}

export interface TelemetryReceiver {
  received: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startTelemetryReceiver(port: number): Promise<TelemetryReceiver> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = corsHeaders(request);
      const url = request.url ?? '/';
      if (request.method === 'OPTIONS') {
        response.writeHead(204, headers).end();
        return;
      }
      if (request.method === 'GET' && url === '/received') {
        response.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
        response.end(JSON.stringify(received));
        return;
      }
      if (request.method === 'POST' && url === '/reset') {
        received.length = 0;
        response.writeHead(204, headers).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      let body: string;
      try {
        body = isGzip(raw) ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
      } catch {
        body = raw.toString('utf8');
      }
      received.push({
        method: request.method ?? 'GET',
        url,
        contentType: request.headers['content-type'] ?? null,
        body,
      });
      response.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
      response.end('{"status":1}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
