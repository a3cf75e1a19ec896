import { useParams } from 'react-router';
import { CallDetailScreen } from '../../features/calls/components/call-detail-screen.tsx';

export function Component() {
  const { callId = '' } = useParams();
  // A new call is a new page: nothing typed or chosen on the last one carries over.
  return <CallDetailScreen key={callId} callId={callId} />;
}
