// A real OpenID Connect provider for single sign-on tests: the `oidc-provider` package (the
// certified implementation many identity products are built on) on a free loopback port, with its
// own signing key. Its login and consent pages are answered by the test: whoever `signInAs` names
// is signed in and consents at once, so a test drives the whole code flow over HTTP.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type ClaimsParameterMember } from 'oidc-provider';

export interface IdentityProviderAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the relying party's redirect URI (Callboard's /api/auth/sso/callback). */
  register: (redirectUri: string) => void;
  /** The account the next sign-in at this provider is for. */
  signInAs: (account: IdentityProviderAccount) => void;
  close: () => Promise<void>;
}

/**
 * Every test provider names its key alike, each with its own key material: a token checked against
 * another provider's keys finds a key by its id, and fails on the signature itself.
 */
const SIGNING_KEY_ID = 'test-signing-key';

export async function startIdentityProvider(
  options: { port?: number } = {},
): Promise<TestIdentityProvider> {
  const accounts = new Map<string, IdentityProviderAccount>();
  let next: IdentityProviderAccount | null = null;
  const clientId = 'callboard';
  const clientSecret = `secret-${crypto.randomUUID()}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: SIGNING_KEY_ID, use: 'sig' };

  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handle) handle(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const register = (redirectUri: string) => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [signingKey] },
      cookies: { keys: [crypto.randomUUID()] },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name'],
      } satisfies Record<string, ClaimsParameterMember[] | string[]>,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx, sub) => {
        const account = accounts.get(sub);
        return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
      },
    });
    const callback = provider.callback();

    handle = (req, res) => {
      const request = req;
      const response = res;
      if (!request.url?.startsWith('/interaction/')) {
        void callback(request, response);
        return;
      }
      void (async () => {
        try {
          const details = await provider.interactionDetails(request, response);
          if (details.prompt.name === 'login') {
            if (!next) throw new Error('signInAs was not called before the sign-in');
            accounts.set(next.sub, next);
            await provider.interactionFinished(
              request,
              response,
              { login: { accountId: next.sub } },
              { mergeWithLastSubmission: false },
            );
            return;
          }
          const grant = new provider.Grant({
            accountId: details.session?.accountId,
            clientId: String(details.params.client_id),
          });
          grant.addOIDCScope('openid email profile');
          const grantId = await grant.save();
          await provider.interactionFinished(
            request,
            response,
            { consent: { grantId } },
            { mergeWithLastSubmission: true },
          );
        } catch (error) {
          response.writeHead(500, { 'content-type': 'text/plain' });
          response.end(String(error));
        }
      })();
    };
  };

  return {
    issuer,
    clientId,
    clientSecret,
    register,
    signInAs: (account) => {
      next = account;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
