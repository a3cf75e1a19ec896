import type { MailMessage } from '../../lib/mailer.ts';

export function invitationMail(input: {
  to: string;
  organisationName: string;
  invitedBy: string | null;
  role: 'admin' | 'member';
  link: string;
  expiresAt: Date;
}): MailMessage {
  const who = input.invitedBy ?? 'Your colleagues';
  const role = input.role === 'admin' ? 'an admin' : 'a member';
  return {
    to: input.to,
    subject: `Join ${input.organisationName} on Callboard`,
    text: [
      `${who} invited you to join ${input.organisationName} on Callboard as ${role}.`,
      '',
      'Open this link to accept:',
      '',
      input.link,
      '',
      `The link works once and expires on ${input.expiresAt.toUTCString()}.`,
      'If you were not expecting this, you can ignore it.',
    ].join('\n'),
  };
}
