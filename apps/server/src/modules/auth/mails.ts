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
