// The mail a notification sends to a recipient who asked for it (profile: "Email me when a call
// is assigned to me or I'm mentioned"). It says who did what and links to the call; the note's
// text stays in Callboard, so a forwarded or misdirected mail carries no call content but the
// caller's name.
import type { NotificationKind } from '@callboard/contract';
import type { MailMessage } from '../../lib/mailer.ts';

export function notificationMail(input: {
  to: string;
  kind: NotificationKind;
  actorName: string;
  callerName: string | null;
  appUrl: string;
  callId: string;
}): MailMessage {
  const what = input.kind === 'assigned' ? 'assigned you a call' : 'mentioned you in a note';
  const about = input.callerName ? ` (${input.callerName})` : '';
  const link = `${input.appUrl}/call/${encodeURIComponent(input.callId)}`;
  return {
    to: input.to,
    subject: `${input.actorName} ${what}`,
    text: [
      input.kind === 'assigned'
        ? `${input.actorName} assigned you a call${about} on Callboard.`
        : `${input.actorName} mentioned you in a note on a call${about} on Callboard.`,
      '',
      'Open the call:',
      '',
      link,
      '',
      `You get these emails because you asked for them. To stop them, turn off "Email me when a call is assigned to me or I'm mentioned" on your profile: ${input.appUrl}/profile`,
    ].join('\n'),
  };
}
