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

/**
 * In place of a sign-in code or a reset link, for a member whose organisation signs in through its
 * identity provider (docs/security.md, "Single sign-on").
 */
export function ssoSignInMail(input: { to: string; name: string; ssoLink: string }): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  return {
    to: input.to,
    subject: 'Sign in to Callboard with single sign-on',
    text: [
      greeting,
      '',
      'Someone (we hope you) asked for a sign-in code or a new password for this address. Your',
      'organisation signs in to Callboard through its own identity provider, so neither is sent:',
      'sign in with your work account here instead:',
      '',
      `    ${input.ssoLink}`,
      '',
      'If you did not ask for this, ignore this message.',
    ].join('\n'),
  };
}

/** The code that verifies the address of a new account (docs/security.md, "Sign-up"). */
export function verifyEmailCodeMail(input: {
  to: string;
  name: string;
  code: string;
}): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  return {
    to: input.to,
    subject: `${input.code} is your Callboard verification code`,
    text: [
      greeting,
      '',
      'Someone (we hope you) created a Callboard account with this address. To confirm it is',
      `yours, enter this code within ${EMAIL_CODE_MINUTES} minutes. It works once:`,
      '',
      `    ${input.code}`,
      '',
      'If you did not create an account, ignore this message: without the code the account cannot',
      'be used, and it is removed when someone next signs up with this address.',
    ].join('\n'),
  };
}

/**
 * The answer to a sign-up for an address that already has an account: the page says the same as
 * for a new address, and only the owner learns, here, that nothing was created.
 */
export function accountExistsMail(input: {
  to: string;
  name: string;
  signInLink: string;
  resetLink: string;
}): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  return {
    to: input.to,
    subject: 'You already have a Callboard account',
    text: [
      greeting,
      '',
      'Someone (we hope you) tried to create a Callboard account with this address, which already',
      'has one, so nothing was created and your password is unchanged. Sign in here:',
      '',
      `    ${input.signInLink}`,
      '',
      'Forgotten your password? Choose a new one here:',
      '',
      `    ${input.resetLink}`,
      '',
      'If you did not ask for this, ignore this message.',
    ].join('\n'),
  };
}
