// HTTP/1.1 over a socket the test holds, for what fetch hides: a keep-alive connection left idle,
// a request whose body arrives later, and whether the server closed the connection or reset it.
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  socket: Socket;
  send: (text: string) => void;
  /** The next complete response on this connection. */
  response: () => Promise<RawResponse>;
  /** Resolves when the connection closes: `reset` if it ended with an error (ECONNRESET …). */
  closed: Promise<{ reset: boolean }>;
  readonly isClosed: boolean;
}

export async function openConnection(port: number): Promise<RawConnection> {
  const socket = connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffer = Buffer.alloc(0);
  let isClosed = false;
  let reset = false;
  const wakers = new Set<() => void>();
  const wake = () => {
    for (const waker of [...wakers]) waker();
  };
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on('error', () => {
    reset = true;
  });
  const closed = new Promise<{ reset: boolean }>((resolve) => {
    socket.once('close', () => {
      isClosed = true;
      wake();
      resolve({ reset });
    });
  });

  /** A whole response at the start of the buffer, taken off it; null while incomplete. */
  function take(): RawResponse | null {
    const end = buffer.indexOf('\r\n\r\n');
    if (end === -1) return null;
    const [statusLine = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.split(' ')[1]);
    let rest = buffer.subarray(end + 4);
    let body: Buffer;
    if (status >= 100 && status < 200) {
      // An interim answer (100 Continue) has no body.
      body = Buffer.alloc(0);
    } else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (rest.length < length) return null;
      body = rest.subarray(0, length);
      rest = rest.subarray(length);
    } else if (headers['transfer-encoding'] === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = rest.indexOf('\r\n');
        if (lineEnd === -1) return null;
        const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
        if (rest.length < lineEnd + 2 + size + 2) return null;
        parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        rest = rest.subarray(lineEnd + 2 + size + 2);
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else {
      // Delimited by the connection's end.
      if (!isClosed) return null;
      body = rest;
      rest = Buffer.alloc(0);
    }
    buffer = rest;
    return { status, headers, body: body.toString('utf8') };
  }

  return {
    socket,
    send: (text) => socket.write(text),
    response: () =>
      new Promise<RawResponse>((resolve, reject) => {
        const check = () => {
          const taken = take();
          if (taken) {
            wakers.delete(check);
            resolve(taken);
          } else if (isClosed) {
            wakers.delete(check);
            reject(new Error(`the connection closed (reset: ${String(reset)}) before a response`));
          }
        };
        wakers.add(check);
        check();
      }),
    closed,
    get isClosed() {
      return isClosed;
    },
  };
}

/** A request's head (and body, if given) in HTTP/1.1. */
export function requestText(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
