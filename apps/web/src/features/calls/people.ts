// Turning user ids into names: the activity and the list store ids; people read names, and their
// own actions as "You".
import type { Member } from '@callboard/contract';

export function memberName(member: Pick<Member, 'first_name' | 'last_name' | 'email'>): string {
  return `${member.first_name} ${member.last_name}`.trim() || member.email;
}

export interface PeopleDirectory {
  currentUserId: string | null;
  byId: ReadonlyMap<string, Member>;
}

export function createDirectory(
  members: readonly Member[] | undefined,
  currentUserId: string | null,
): PeopleDirectory {
  return { currentUserId, byId: new Map((members ?? []).map((member) => [member.id, member])) };
}

/**
 * A user's name as a sentence needs it: "You"/"you" for the signed-in user, the colleague's
 * name, or a stand-in for someone who has left the organisation.
 */
export function personName(
  directory: PeopleDirectory,
  id: string | null,
  position: 'start' | 'middle' = 'middle',
): string {
  if (id === null) return position === 'start' ? 'Someone' : 'someone';
  if (id === directory.currentUserId) return position === 'start' ? 'You' : 'you';
  const member = directory.byId.get(id);
  if (member) return memberName(member);
  return position === 'start' ? 'A former colleague' : 'a former colleague';
}

/** As personName, but a colleague by first name only: for short notes ("Leo set this to Closed"). */
export function firstName(
  directory: PeopleDirectory,
  id: string | null,
  position: 'start' | 'middle' = 'middle',
): string {
  const member = id === null ? undefined : directory.byId.get(id);
  if (!member || id === directory.currentUserId || !member.first_name.trim()) {
    return personName(directory, id, position);
  }
  return member.first_name.trim();
}

/** Two letters for an avatar: "MO" for Mia Okafor. */
export function initials(member: Pick<Member, 'first_name' | 'last_name' | 'email'>): string {
  const letters = `${member.first_name.charAt(0)}${member.last_name.charAt(0)}`.trim();
  return (letters || member.email.charAt(0)).toUpperCase();
}
