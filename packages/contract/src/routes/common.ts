// Error responses that many /api/v1 routes share, described once. The messages are the product's
// (docs/product.md, "Error messages").
import type { ErrorResponses } from '../route.ts';

export const invalidInput = {
  400: 'A parameter or the body is invalid; error.fields names each',
} as const satisfies ErrorResponses;

export const signedIn = {
  401: "'Authentication required': no valid access token",
} as const satisfies ErrorResponses;

export const inOrganisation = {
  ...signedIn,
  403: "'No organization assigned to user'",
} as const satisfies ErrorResponses;

export const asAdmin = {
  ...signedIn,
  403: "Not an organisation admin, or 'No organization assigned to user'",
} as const satisfies ErrorResponses;

export const asPlatformOperator = {
  ...signedIn,
  403: 'Not a platform operator',
} as const satisfies ErrorResponses;

export const callAccess = {
  ...invalidInput,
  ...signedIn,
  403: "'No organization assigned to user' or 'Call not accessible to this user'",
  404: "'Call not found'",
} as const satisfies ErrorResponses;

export const invitationLink = {
  ...invalidInput,
  404: 'Unknown invitation link',
  410: 'Expired, withdrawn or already used',
} as const satisfies ErrorResponses;

/** A write that carried the call's version, refused because the call changed since. */
export const versionConflict =
  "'<Name> changed this call a moment ago.': the body's version is not the call's; error.call is the call as it is now and error.changedBy who changed it last (docs/live-updates.md, \"Conflicts\")";
