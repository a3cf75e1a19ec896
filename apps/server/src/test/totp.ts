// Authenticator codes for tests, computed as an app does from the key in an otpauth:// URI.
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { TOTP_PERIOD_SECONDS } from '../modules/auth/two-factor.ts';

/** The code an authenticator app shows `steps` periods from now, for the secret of `totpURI`. */
export async function codeFor(totpURI: string, steps = 0): Promise<string> {
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  const raw = new TextDecoder().decode(base32.decode(secret));
  const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) + steps;
  return createOTP(raw).hotp(step);
}

/** A code that is certainly not the right one now (right ones are the three around now). */
export async function wrongCode(totpURI: string): Promise<string> {
  const near = new Set(await Promise.all([-1, 0, 1].map((step) => codeFor(totpURI, step))));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}
