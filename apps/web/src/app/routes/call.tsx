import { useParams } from 'react-router';
import { CallAdminActions } from '../../features/admin/components/call-admin-actions.tsx';
import { isOrganisationAdmin } from '../../features/admin/permissions.ts';
import { CallDetailScreen } from '../../features/calls/components/call-detail-screen.tsx';
import { useAuthSession } from '../../lib/session-provider.tsx';

export function Component() {
  const { callId = '' } = useParams();
  const session = useAuthSession();
  // Delete and Restore are for the organisation's admins; members see neither.
  const admin = session !== null && isOrganisationAdmin(session.user);
  // A new call is a new page: nothing typed or chosen on the last one carries over.
  return (
    <CallDetailScreen
      key={callId}
      callId={callId}
      adminActions={admin ? (call) => <CallAdminActions call={call} /> : undefined}
    />
  );
}
