// A small HTTP client for API tests: one per signed-in browser, with its own cookie jar.
import { request as httpRequest, type Agent, type IncomingHttpHeaders } from 'node:http';

export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export class TestClient {
  private cookies = new Map<string, string>();
  accessToken: string | null = null;

  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(
    method: string,
    path: string,
    options: {
      json?: unknown;
      /** A body sent as it is (set its content-type in headers); json wins when both are given. */
      body?: string | Uint8Array<ArrayBuffer>;
      headers?: Record<string, string>;
      bearer?: string | null;
    } = {},
  ): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const bearer = options.bearer === undefined ? this.accessToken : options.bearer;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    let body: string | Uint8Array<ArrayBuffer> | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0/iu.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  async signIn(email: string, password: string) {
    const response = await this.request('POST', '/api/auth/sign-in/email', {
      json: { email, password },
    });
    if (response.status === 200) await this.refreshAccessToken();
    return response;
  }

  async refreshAccessToken() {
    const response = await this.request<{ token?: string }>('GET', '/api/auth/token', {
      bearer: null,
    });
    this.accessToken = response.status === 200 ? (response.body.token ?? null) : null;
    return response;
  }

  get hasSessionCookie() {
    return [...this.cookies.keys()].some((name) => name.includes('session_token'));
  }
}

/**
 * A POST on a connection of its own (no keep-alive pool): after a 413 the server discards the
 * unread rest of the body before the connection can carry another request, and a pooled client
 * could otherwise send its next request into that.
 */
export function postAlone(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', origin: new URL(url).origin, ...headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request by node:http, which adds no headers of its own (fetch asks for gzip, for one), on
 * the given agent: a keep-alive agent makes consecutive requests share a connection.
 */
export function rawRequest(
  url: string,
  options: { method?: string; agent: Agent; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? 'GET', agent: options.agent, headers: options.headers },
      (response) => {
        response.on('error', reject);
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
