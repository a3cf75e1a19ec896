// How audit entries read: the action as words, the actor and the target as names, the details as
// one sentence. Ids that are not (or no longer) in the organisation read as "Former member".
import type { AdminMember, AuditEntry } from '@callboard/contract';
import { countryName } from '../../lib/country-names.ts';

export type AuditAction = AuditEntry['action'];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'call.assigned': 'Call assigned',
  'call.status_changed': 'Call status changed',
  'call.deleted': 'Call deleted',
  'call.restored': 'Call restored',
  'member.role_changed': 'Role changed',
  'member.removed': 'Member removed',
  'invitation.created': 'Invitation sent',
  'invitation.resent': 'Invitation resent',
  'invitation.revoked': 'Invitation revoked',
  'invitation.accepted': 'Invitation accepted',
  'agent.renamed': 'Agent renamed',
  'agent.mapped': 'Agent mapped',
  'agent.unmapped': 'Agent unmapped',
  'organisation.created': 'Organisation created',
  'api_key.created': 'API key created',
  'api_key.first_used': 'API key first used',
  'api_key.revoked': 'API key revoked',
  'integration.created': 'Integration added',
  'integration.removed': 'Integration removed',
  'organisation.phone_country_changed': 'Phone country changed',
  'session.ended': 'Session signed out',
  'two_factor.enabled': 'Two-factor turned on',
  'two_factor.disabled': 'Two-factor turned off',
  'two_factor.backup_code_used': 'Backup code used',
  'organisation.two_factor_requirement_changed': 'Two-factor requirement changed',
  'sso.configured': 'Single sign-on set up',
  'sso.removed': 'Single sign-on removed',
  'sso.signed_in': 'Signed in with single sign-on',
};

export const FORMER_MEMBER = 'Former member';

/** Actions only a platform operator (super-admin, not a member) takes. */
const PLATFORM_ACTIONS = new Set<AuditAction>([
  'agent.mapped',
  'agent.unmapped',
  'organisation.created',
]);

/** "Ava Whitfield", or the email when the profile has no name. */
export function memberName(
  member: Pick<AdminMember, 'first_name' | 'last_name' | 'email'>,
): string {
  return `${member.first_name} ${member.last_name}`.trim() || member.email;
}

export type NameLookup = ReadonlyMap<string, string>;

export function nameLookup(members: readonly AdminMember[]): NameLookup {
  return new Map(members.map((member) => [member.id, memberName(member)]));
}

function personName(id: unknown, names: NameLookup): string {
  if (typeof id !== 'string' || !id) return 'nobody';
  return names.get(id) ?? FORMER_MEMBER;
}

export function actorName(
  entry: Pick<AuditEntry, 'actor_id' | 'action'>,
  names: NameLookup,
): string {
  if (!entry.actor_id) return 'System';
  const known = names.get(entry.actor_id);
  if (known) return known;
  return PLATFORM_ACTIONS.has(entry.action) ? 'Platform operator' : FORMER_MEMBER;
}

/** Call statuses are stored as they read ("New", "In progress", "Closed"). */
function statusLabel(value: unknown): string {
  return typeof value === 'string' && value ? value : 'none';
}

function roleWord(value: unknown): string {
  return value === 'admin' || value === 'member' ? value : 'unknown role';
}

/** “Zapier sync” (cb_live_ab12…), from the name and prefix the key's audit entries keep. */
function keyName(details: AuditEntry['details']): string {
  const name = typeof details.name === 'string' && details.name ? `“${details.name}”` : '';
  const prefix = typeof details.prefix === 'string' && details.prefix ? `(${details.prefix}…)` : '';
  return [name, prefix].filter(Boolean).join(' ') || 'without a name';
}

const PLATFORM_NAMES: Record<string, string> = { retell: 'Retell AI', vapi: 'Vapi' };

/** `Retell AI “Front desk”`: the platform, then the name the admin gave it. */
function integrationName(details: AuditEntry['details']): string {
  const platform =
    typeof details.kind === 'string' ? (PLATFORM_NAMES[details.kind] ?? details.kind) : 'A';
  const name = typeof details.name === 'string' && details.name ? ` “${details.name}”` : '';
  return `${platform}${name}`;
}

/** One sentence saying what happened to what. */
export function describeAuditEntry(entry: AuditEntry, names: NameLookup): string {
  const d = entry.details;
  const target = entry.target ?? '';
  switch (entry.action) {
    case 'call.assigned':
      return d.new_assignee_id
        ? `Call ${target} assigned to ${personName(d.new_assignee_id, names)}${d.previous_assignee_id ? ` (was ${personName(d.previous_assignee_id, names)})` : ''}`
        : `Call ${target} unassigned${d.previous_assignee_id ? ` (was ${personName(d.previous_assignee_id, names)})` : ''}`;
    case 'call.status_changed':
      return `Call ${target}: ${statusLabel(d.previous_status)} → ${statusLabel(d.new_status)}`;
    case 'call.deleted':
      return `Call ${target} deleted`;
    case 'call.restored':
      return `Call ${target} restored`;
    case 'member.role_changed':
      return `${personName(target, names)}: ${roleWord(d.previous_role)} → ${roleWord(d.new_role)}`;
    case 'member.removed': {
      const count = typeof d.unassigned_calls === 'number' ? d.unassigned_calls : 0;
      return `${personName(target, names)} removed; ${count} open ${count === 1 ? 'call' : 'calls'} unassigned`;
    }
    case 'invitation.created':
      return `${target} invited as ${roleWord(d.role)}`;
    case 'invitation.resent':
      return `Invitation to ${target} sent again`;
    case 'invitation.revoked':
      return `Invitation to ${target} withdrawn`;
    case 'invitation.accepted':
      return `${target} joined as ${roleWord(d.role)}`;
    case 'agent.renamed':
      return typeof d.display_name === 'string' && d.display_name
        ? `Agent ${target} renamed to “${d.display_name}”`
        : `Agent ${target}: display name cleared`;
    case 'agent.mapped':
      return `Agent ${target} mapped to this organisation`;
    case 'agent.unmapped':
      return `Agent ${target} unmapped from this organisation`;
    case 'organisation.created':
      return `Organisation “${target}” created`;
    case 'api_key.created':
      return `API key ${keyName(d)} created`;
    case 'api_key.first_used':
      return `API key ${keyName(d)} used for the first time`;
    case 'api_key.revoked':
      return `API key ${keyName(d)} revoked`;
    case 'integration.created':
      return `${integrationName(d)} integration added`;
    case 'integration.removed':
      return `${integrationName(d)} integration removed; its webhook URL is refused`;
    case 'organisation.phone_country_changed':
      return `Phone country: ${countryName(d.previous_phone_country)} → ${countryName(d.new_phone_country)}`;
    case 'session.ended':
      return typeof d.ip_address === 'string' && d.ip_address
        ? `A session signed in from ${d.ip_address} signed out from the profile`
        : 'A session signed out from the profile';
    case 'two_factor.enabled':
      return `${personName(target, names)} turned on two-factor sign-in`;
    case 'two_factor.disabled':
      return `${personName(target, names)} turned off two-factor sign-in`;
    case 'two_factor.backup_code_used':
      return `${personName(target, names)} signed in with a backup code`;
    case 'organisation.two_factor_requirement_changed':
      return d.require_two_factor === true
        ? 'Two-factor sign-in is now required of every member'
        : 'Two-factor sign-in is no longer required';
    case 'sso.configured': {
      const domains = Array.isArray(d.domains)
        ? d.domains.filter((x) => typeof x === 'string')
        : [];
      const issuer = typeof d.issuer === 'string' ? d.issuer : 'an identity provider';
      return `Single sign-on through ${issuer} for ${domains.join(', ') || 'no domains'}${d.require_sso === true ? ', required' : ''}`;
    }
    case 'sso.removed':
      return typeof d.issuer === 'string'
        ? `Single sign-on through ${d.issuer} removed`
        : 'Single sign-on removed';
    case 'sso.signed_in':
      return d.new_member === true
        ? `${personName(target, names)} joined through single sign-on`
        : `${personName(target, names)} signed in with single sign-on`;
  }
}
