import { NoOrganisation as NoOrganisationState } from '../../../components/ui/no-organisation.tsx';

/** The analytics page's "no organisation yet" state. */
export function NoOrganisation({ email }: { email: string | null }) {
  return (
    <NoOrganisationState
      email={email}
      why="Analytics are about an organisation's calls"
      what="numbers"
    />
  );
}
