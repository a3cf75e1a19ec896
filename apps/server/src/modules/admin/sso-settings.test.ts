// Which endpoints an identity provider's discovery document may list (the rest of single sign-on
// is tested over HTTP against real providers in modules/auth/sso.test.ts).
import { describe, expect, it } from 'vitest';
import { endpointAllowed } from './sso-settings.ts';

const discovery = new URL('https://login.example.com/.well-known/openid-configuration');

describe('endpointAllowed', () => {
  it('takes https endpoints on public hosts, and the document itself', () => {
    expect(endpointAllowed('https://login.example.com/oauth2/token', discovery, [])).toBe(true);
    expect(endpointAllowed('https://keys.example.net/jwks', discovery, [])).toBe(true);
    expect(endpointAllowed(discovery.href, discovery, [])).toBe(true);
  });

  it('refuses plain http, private and loopback hosts, and what is not a URL', () => {
    expect(endpointAllowed('http://login.example.com/token', discovery, [])).toBe(false);
    for (const host of ['10.0.0.7', '127.0.0.1', '192.168.1.2', '169.254.169.254', 'localhost']) {
      expect(endpointAllowed(`https://${host}/token`, discovery, []), host).toBe(false);
    }
    expect(endpointAllowed('not a url', discovery, [])).toBe(false);
  });

  it('takes any endpoint at an origin the operator listed, and only there', () => {
    const internal = ['http://sso.corp.internal:8080'];
    expect(endpointAllowed('http://sso.corp.internal:8080/token', discovery, internal)).toBe(true);
    expect(endpointAllowed('http://sso.corp.internal:9090/token', discovery, internal)).toBe(false);
  });
});
