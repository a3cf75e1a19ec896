import { EMAIL_CODE_MINUTES } from '@callboard/contract/auth-routes';
import type { MailMessage } from '../../lib/mailer.ts';

export function resetPasswordMail(input: { to: string; name: string; link: string }): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  return {
    to: input.to,
    subject: 'Reset your Callboard password',
    text: [
      greeting,
      '',
      'Someone (we hope you) asked to reset the password of your Callboard account.',
      'Open this link within an hour to choose a new one:',
      '',
      input.link,
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

/** A sign-in code (docs/security.md, "Sign-in with an email code"). */
export function signInCodeMail(input: { to: string; name: string; code: string }): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  return {
    to: input.to,
    subject: `${input.code} is your Callboard sign-in code`,
    text: [
      greeting,
      '',
      'Someone (we hope you) asked to sign in to Callboard with a code sent to this address.',
      `Enter this code within ${EMAIL_CODE_MINUTES} minutes. It works once:`,
      '',
      `    ${input.code}`,
      '',
      'If you did not ask for this, ignore this message: nobody can sign in without the code.',
    ].join('\n'),
  };
}

/**
 * The answer to a request for a sign-in code for an account with two-factor sign-in, which an
 * email alone must not open: no code, and the way to sign in instead.
 */
export function noSignInCodeMail(input: { to: string; name: string }): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  return {
    to: input.to,
    subject: 'Sign in to Callboard with your password',
    text: [
      greeting,
      '',
      'Someone (we hope you) asked to sign in to Callboard with a code sent to this address.',
      'Your account uses two-factor sign-in, so an email alone cannot open it: sign in with',
      'your password and a code from your authenticator app (or one of your backup codes).',
      '',
      'If you did not ask for this, ignore this message.',
    ].join('\n'),
  };
}
