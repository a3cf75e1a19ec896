// The admin area (/api/v1/admin/*, organisation admins), invitations and /join
// (/api/v1/invitations/*), the platform console (/api/v1/platform/*, super-admins) and profile.
import { z } from 'zod';
import { callSummarySchema, expectedVersionSchema, isBefore, isoDateTime } from './calls.ts';
import { callListColumnsSchema } from './call-list-view.ts';
import { emailSchema } from './email.ts';
import { PERSON_NAME_MAX_LENGTH } from './person-name.ts';
import { roleSchema } from './me.ts';

export const INVITATION_LIFETIME_DAYS = 7;

export const adminMemberSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: roleSchema,
  joined_at: z.string(),
  /** Whether the member signs in with two factors. */
  two_factor: z.boolean(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const setMemberRoleBodySchema = z.object({
  role: z.enum(['admin', 'member'], { message: 'must be admin or member' }),
});

export const createInvitationBodySchema = z.object({
  email: emailSchema,
  role: z.enum(['admin', 'member'], { message: 'must be admin or member' }).default('member'),
  /**
   * Send even though the address belongs to someone in another organisation (who can join only
   * once an admin of that organisation has removed them). Without it, such an invitation is
   * refused with INVITEE_HAS_ORGANISATION, so that the admin is told first.
   */
  confirmOtherOrganisation: z.boolean({ message: 'must be true or false' }).default(false),
});
export type CreateInvitationBody = z.input<typeof createInvitationBodySchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: roleSchema,
  invited_by: z.uuid().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  /** pending until it expires; accepted and revoked ones are not listed. */
  status: z.enum(['pending', 'expired']),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * An invitation just created or resent, with its link. Only its hash is stored, so the link is
 * shown this once: the admin may copy it now, or resend later for a new one.
 */
export const sentInvitationSchema = invitationSchema.extend({ link: z.url() });
export type SentInvitation = z.infer<typeof sentInvitationSchema>;

export const adminAgentSchema = z.object({
  agent_id: z.string(),
  display_name: z.string().nullable(),
  calls: z.number().int(),
});
export type AdminAgent = z.infer<typeof adminAgentSchema>;

export const renameAgentBodySchema = z.object({
  display_name: z
    .string({ message: 'must be text' })
    .trim()
    .max(100, 'must be at most 100 characters')
    .transform((value) => (value === '' ? null : value))
    .nullable(),
});

export const setCallDeletedBodySchema = z.object({
  deleted: z.boolean({ message: 'must be true or false' }),
  version: expectedVersionSchema,
});

export const DELETED_CALLS_MAX_PAGE_SIZE = 200;
const firstPage = 'must be a whole number of 1 or more';
const pageSizeRange = `must be a whole number from 1 to ${DELETED_CALLS_MAX_PAGE_SIZE}`;

/** GET /api/v1/admin/calls/deleted query. */
export const deletedCallsQuerySchema = z.object({
  page: z.coerce.number({ message: firstPage }).int(firstPage).min(1, firstPage).default(1),
  pageSize: z.coerce
    .number({ message: pageSizeRange })
    .int(pageSizeRange)
    .min(1, pageSizeRange)
    .max(DELETED_CALLS_MAX_PAGE_SIZE, pageSizeRange)
    .default(50),
});
export type DeletedCallsQuery = z.infer<typeof deletedCallsQuerySchema>;

/** The organisation's deleted calls, newest first; a page past the end has no rows. */
export const deletedCallsResponseSchema = z.object({
  rows: z.array(callSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DeletedCallsResponse = z.infer<typeof deletedCallsResponseSchema>;

export const AUDIT_ACTIONS = [
  'call.assigned',
  'call.status_changed',
  'call.deleted',
  'call.restored',
  'member.role_changed',
  'member.removed',
  'invitation.created',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'agent.renamed',
  'agent.mapped',
  'agent.unmapped',
  'organisation.created',
  'api_key.created',
  /** Written by the database the first time a key's batch is accepted; no actor. */
  'api_key.first_used',
  'api_key.revoked',
  'integration.created',
  'integration.removed',
  'organisation.phone_country_changed',
  /** A user signed one of their own sessions out from the profile; target: the session's id. */
  'session.ended',
  /** A member turned two-factor sign-in on (its first code confirmed it); target: the user. */
  'two_factor.enabled',
  /** A member turned two-factor sign-in off (password and a code); target: the user. */
  'two_factor.disabled',
  /** A member signed in with one of their backup codes, which is now spent; target: the user. */
  'two_factor.backup_code_used',
  /** An admin changed whether members must use two-factor sign-in. */
  'organisation.two_factor_requirement_changed',
  /** An admin set up or changed the organisation's single sign-on (issuer, domains, requirement). */
  'sso.configured',
  /** An admin removed the organisation's single sign-on. */
  'sso.removed',
  /** A member signed in through the organisation's identity provider; target: the user. */
  'sso.signed_in',
] as const;

export const auditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1, 'must be a whole number of 1 or more').default(1),
    pageSize: z.coerce.number().int().min(1).max(200, 'must be at most 200').default(50),
    action: z.enum(AUDIT_ACTIONS, { message: 'must be a known action' }).optional(),
    actorId: z.uuid({ message: 'must be a user id' }).optional(),
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
  })
  .refine((query) => !query.from || !query.to || isBefore(query.from, query.to), {
    message: 'must be before to',
    path: ['from'],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  actor_id: z.uuid().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** What it was done to: a call id, an email, an agent id, a user id, an API key id. */
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** GET /api/v1/invitations/{token}: what /join shows. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: roleSchema,
  organisation: z.object({ name: z.string() }),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  /** Whether an account already exists for the invited address (then: sign in to accept). */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

const personName = z.string().trim().min(1, 'must not be empty').max(PERSON_NAME_MAX_LENGTH);

export const joinSignUpBodySchema = z.object({
  first_name: personName,
  last_name: personName,
  password: z.string().min(1, 'must not be empty').max(1000),
});

export const updateProfileBodySchema = z.object({
  first_name: personName,
  last_name: personName,
});

/**
 * PATCH /api/v1/me: the name (both parts together), the email-notification setting, the call
 * list's columns (null: back to the default set), or any of them; what is left out stays as it is.
 */
export const updateMeBodySchema = z
  .object({
    first_name: personName.optional(),
    last_name: personName.optional(),
    notify_by_email: z.boolean({ message: 'must be true or false' }).optional(),
    call_list_columns: callListColumnsSchema.nullable().optional(),
  })
  .refine((body) => (body.first_name === undefined) === (body.last_name === undefined), {
    message: 'first_name and last_name are changed together',
    path: ['last_name'],
  })
  .refine(
    (body) =>
      body.first_name !== undefined ||
      body.notify_by_email !== undefined ||
      body.call_list_columns !== undefined,
    { message: 'give a name, notify_by_email or call_list_columns', path: ['notify_by_email'] },
  );
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

export const platformOrganisationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  members: z.number().int(),
  agents: z.number().int(),
  calls: z.number().int(),
});

export const createOrganisationBodySchema = z.object({
  name: z.string().trim().min(2, 'must be at least 2 characters').max(100),
  adminEmail: emailSchema,
});

export const platformAgentSchema = z.object({
  agent_id: z.string(),
  display_name: z.string().nullable(),
  organisation_id: z.uuid().nullable(),
  organisation_name: z.string().nullable(),
  calls: z.number().int(),
});

export const mapAgentBodySchema = z.object({
  organisationId: z.uuid({ message: 'must be an organisation id or null' }).nullable(),
});

/**
 * An organisation's settings, as its admins see and change them. `phone_country` is the ISO 3166
 * country whose local phone forms the call search reads ("07700 499194" in GB is +44 7700
 * 499194; docs/search.md, "Search"); `phone_countries` are the ones it may be.
 */
export const organisationSettingsSchema = z.object({
  name: z.string(),
  phone_country: z.string(),
  phone_countries: z.array(z.object({ code: z.string(), calling_code: z.string() })),
  /** Members without two-factor sign-in must set it up before they can do anything else. */
  require_two_factor: z.boolean(),
});
export type OrganisationSettings = z.infer<typeof organisationSettingsSchema>;

export const updateOrganisationSettingsBodySchema = z
  .object({
    phone_country: z
      .string({ message: 'must be text' })
      .regex(/^[A-Z]{2}$/u, 'must be a two-letter country code such as GB')
      .optional(),
    require_two_factor: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .strict()
  .refine((body) => body.phone_country !== undefined || body.require_two_factor !== undefined, {
    message: 'send phone_country, require_two_factor or both',
  });
export type UpdateOrganisationSettingsBody = z.infer<typeof updateOrganisationSettingsBodySchema>;

/** The most email domains one organisation's single sign-on may cover. */
export const SSO_DOMAINS_MAX = 20;

/** An email domain as people type it ("Example.com" reads as example.com). */
const ssoDomainSchema = z
  .string({ message: 'must be text' })
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/u,
    'must be email domains such as example.com',
  );

/** An organisation's single sign-on as its admins see it: everything but the client secret. */
export const ssoSettingsSchema = z.object({
  configured: z.boolean(),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  domains: z.array(z.string()),
  /** Members at these domains may sign in through the identity provider only. */
  require_sso: z.boolean(),
  /** The redirect URI to register with the identity provider. */
  redirect_uri: z.string(),
  updated_at: z.iso.datetime({ offset: true }).nullable(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const updateSsoBodySchema = z
  .object({
    issuer: z
      .url({
        message: 'must be the identity provider’s issuer URL, such as https://login.example.com',
      })
      .max(500, 'must be at most 500 characters'),
    client_id: z
      .string({ message: 'must be text' })
      .trim()
      .min(1, 'must not be empty')
      .max(500, 'must be at most 500 characters'),
    /** Omitted: keep the stored secret (required when single sign-on is first set up). */
    client_secret: z
      .string({ message: 'must be text' })
      .min(1, 'must not be empty')
      .max(2000, 'must be at most 2000 characters')
      .optional(),
    domains: z
      .array(ssoDomainSchema, { message: 'must be a list of email domains' })
      .min(1, 'must name at least one email domain')
      .max(SSO_DOMAINS_MAX, `must name at most ${SSO_DOMAINS_MAX} domains`),
    require_sso: z.boolean({ message: 'must be true or false' }).default(false),
  })
  .strict();
export type UpdateSsoBody = z.input<typeof updateSsoBodySchema>;
