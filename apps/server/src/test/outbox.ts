// The development outbox (GET /api/dev/outbox) as the tests read it: the mail sent to an address,
// and the 6-digit code in the newest one (sign-in and verification codes stand alone on a line).
import { TestClient } from './http-client.ts';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Every mail to `email`, oldest first. */
export async function mailsTo(serverUrl: string, email: string): Promise<OutboxMail[]> {
  const answer = await new TestClient(serverUrl).request<{ messages: OutboxMail[] }>(
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(email)}`,
  );
  return answer.body.messages;
}

/** The code in the newest mail to `email`; throws when that mail has none. */
export async function latestCode(serverUrl: string, email: string): Promise<string> {
  const mail = (await mailsTo(serverUrl, email)).at(-1);
  const code = /^ {4}(\d{6})$/mu.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the last mail to ${email}: ${mail?.text ?? 'none'}`);
  return code;
}

/** A six-digit code that is not `code`. */
export const otherCodeThan = (code: string) => (code === '000000' ? '000001' : '000000');
