import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconBuilding } from '../../../components/ui/icons.tsx';

/**
 * For a signed-in user who belongs to no organisation yet (the API's 403 'No organization
 * assigned to user'): not an error on their side, so no red, and a way forward.
 */
export function NoOrganisation({ email }: { email: string | null }) {
  return (
    <EmptyState
      icon={<IconBuilding />}
      title="You're not part of an organisation yet"
      description={
        <>
          <p>
            Analytics are about an organisation's calls, and your account
            {email ? (
              <>
                {' '}
                (<span className="font-medium text-fg">{email}</span>)
              </>
            ) : null}{' '}
            isn't linked to one, so there is nothing to show here.
          </p>
          <p className="mt-2">
            Ask an admin of your organisation to invite you. Once you accept the invitation, your
            organisation's numbers appear on this page.
          </p>
        </>
      }
    />
  );
}
