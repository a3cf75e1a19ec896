// The form that asks for a reset link (lib/forms.ts says how forms validate; signing in is checked
// by sign-in-check.ts). In zod/mini: the sign-in page loads this module, and classic zod stays
// out of its first download (docs/architecture.md, "Front end"). The server stays the authority:
// it re-checks everything, and its answer (a wrong password, say) is what the user finally sees.
import { emailSchema } from '@callboard/contract/email';
import * as z from 'zod/mini';
import { formResolver } from '../../lib/forms.ts';
import { OWN_EMAIL_WORDING } from './sign-in-check.ts';

export const resetLinkResolver = formResolver(z.object({ email: emailSchema }), {
  email: OWN_EMAIL_WORDING,
});
