// An email address as Callboard accepts one: the one definition, used by the server's request
// schemas and by every form in the browser. Written in zod/mini, and importable on its own as
// '@callboard/contract/email', because the sign-in page checks addresses with it and classic zod
// stays out of that page's first download (docs/architecture.md, "Front end").
import * as z from 'zod/mini';

export const EMAIL_MAX_LENGTH = 254;

const message = 'must be an email address';

/** Trimmed and lower-cased, then an address of at most 254 characters. */
export const emailSchema = z.pipe(
  z.string({ error: message }).check(z.trim(), z.toLowerCase()),
  z.email({ error: message }).check(z.maxLength(EMAIL_MAX_LENGTH)),
);
