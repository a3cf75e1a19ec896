// A TCP proxy in front of PostgreSQL that passes everything through until a test arms it, and then
// cuts one connection at the worst moment: right after PostgreSQL has committed a transaction and
// before the application hears so. The only way to see what a server does when a COMMIT's outcome
// is lost, without mocking the driver.
//
// It reads the client's side of the wire protocol just enough to spot a simple-query COMMIT and
// the application_name of each connection (so only the tenant pool's connections are cut).
import { connect, createServer, type Socket } from 'node:net';

export interface FaultProxy {
  port: number;
  /**
   * Arms the proxy: the next COMMIT sent on a connection named `applicationName` reaches
   * PostgreSQL; as soon as PostgreSQL answers (it has committed), that connection is cut and the
   * answer never reaches the application. Resolves once it happened.
   */
  loseNextCommitAnswer: (applicationName: string) => Promise<void>;
  close: () => Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/** The parameters of a startup message (after its length and protocol version). */
function startupParameters(message: Buffer): Map<string, string> {
  const fields = message.subarray(8).toString('utf8').split('\0');
  const parameters = new Map<string, string>();
  for (let index = 0; index + 1 < fields.length; index += 2) {
    const name = fields[index];
    const value = fields[index + 1];
    if (name) parameters.set(name, value ?? '');
  }
  return parameters;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let armed: { applicationName: string; done: () => void } | null = null;
  const sockets = new Set<Socket>();

  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.once('close', () => sockets.delete(client) && upstream.destroy());
    upstream.once('close', () => sockets.delete(upstream) && client.destroy());
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);

    let applicationName = '';
    let started = false;
    let pending = Buffer.alloc(0);
    let cutting: (() => void) | null = null;

    upstream.on('data', (chunk: Buffer) => {
      if (cutting) {
        // PostgreSQL answered the COMMIT: it is durable, and the application will never know.
        const done = cutting;
        cutting = null;
        client.destroy();
        upstream.destroy();
        done();
        return;
      }
      client.write(chunk);
    });

    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          if (pending.length < 8) return;
          const length = pending.readInt32BE(0);
          if (pending.length < length) return;
          const message = pending.subarray(0, length);
          pending = pending.subarray(length);
          const code = message.readInt32BE(4);
          if (code !== SSL_REQUEST && code !== GSS_REQUEST) {
            started = true;
            applicationName = startupParameters(message).get('application_name') ?? '';
          }
          upstream.write(message);
          continue;
        }
        if (pending.length < 5) return;
        const length = pending.readInt32BE(1) + 1;
        if (pending.length < length) return;
        const message = pending.subarray(0, length);
        pending = pending.subarray(length);
        const isCommit =
          message[0] === 0x51 && // 'Q': a simple query
          message
            .subarray(5, length - 1)
            .toString('utf8')
            .trim()
            .toLowerCase() === 'commit';
        if (isCommit && armed && armed.applicationName === applicationName) {
          cutting = armed.done;
          armed = null;
        }
        upstream.write(message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the proxy has no port');

  return {
    port: address.port,
    loseNextCommitAnswer: (applicationName) =>
      new Promise<void>((resolve) => {
        armed = { applicationName, done: resolve };
      }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
