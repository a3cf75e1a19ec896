import { z } from 'zod';

/** Every /api/v1 error: `{"error": {"code", "message"}}`, with the spec's messages verbatim. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The product's messages (docs/product.md, "Error messages"), for clients that recognise them. */
export const ERROR_MESSAGES = {
  authenticationRequired: 'Authentication required',
  noOrganisation: 'No organization assigned to user',
  callNotFound: 'Call not found',
  callNotAccessible: 'Call not accessible to this user',
} as const;
