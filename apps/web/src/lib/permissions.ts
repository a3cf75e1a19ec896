// Who may do what in the app's shell. The server decides for real; these only choose what to show.
import type { Me } from '@callboard/contract';

type Roles = Pick<Me, 'role' | 'isSuperAdmin'>;

/** The admin area is for the organisation's admins and for platform operators (super-admins). */
export function canOpenAdmin(user: Roles): boolean {
  return user.role === 'admin' || user.isSuperAdmin;
}

/**
 * Where the user starts after signing in: the call list, or for a platform operator who belongs
 * to no organisation (and so has no calls) the platform console.
 */
export function homePath(user: Roles & Pick<Me, 'organisation'>): string {
  return user.isSuperAdmin && !user.organisation ? '/admin' : '/dashboard';
}

/** How the user's role reads in the interface. */
export function roleLabel(user: Roles): string {
  if (user.isSuperAdmin) return 'Platform operator';
  return user.role === 'admin' ? 'Admin' : 'Member';
}

/** "Mia Hart", or the email when the profile has no name. */
export function displayName(user: Pick<Me, 'first_name' | 'last_name' | 'email'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** Up to two initials for an avatar. */
export function initials(user: Pick<Me, 'first_name' | 'last_name' | 'email'>): string {
  const fromName = [user.first_name, user.last_name]
    .map((part) => part.trim().charAt(0))
    .join('')
    .toUpperCase();
  return fromName || user.email.charAt(0).toUpperCase();
}
