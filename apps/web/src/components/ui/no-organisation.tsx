import { EmptyState } from './empty-state.tsx';
import { IconBuilding } from './icons.tsx';

/**
 * For a signed-in user who belongs to no organisation yet (the API's 403 'No organization
 * assigned to user'): not an error on their side, so no red, and a way forward. `why` says why
 * the page needs an organisation; `what` is what would appear here once they have one.
 */
export function NoOrganisation({
  email,
  why,
  what,
}: {
  email: string | null;
  why: string;
  what: string;
}) {
  return (
    <EmptyState
      icon={<IconBuilding />}
      title="You're not part of an organisation yet"
      description={
        <>
          <p>
            {why}, and your account
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
            organisation's {what} appear on this page.
          </p>
        </>
      }
    />
  );
}
