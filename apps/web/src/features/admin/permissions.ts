// Who may use the organisation's admin tools (the server checks the same with requireAdmin).
import type { Me } from '@callboard/contract';

export function isOrganisationAdmin(user: Pick<Me, 'role' | 'organisation'>): boolean {
  return user.role === 'admin' && user.organisation !== null;
}
