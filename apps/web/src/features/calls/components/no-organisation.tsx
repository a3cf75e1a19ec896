import { NoOrganisation as NoOrganisationState } from '../../../components/ui/no-organisation.tsx';

/** The call pages' "no organisation yet" state. */
export function NoOrganisation({ email }: { email: string | null }) {
  return <NoOrganisationState email={email} why="Calls belong to organisations" what="calls" />;
}
