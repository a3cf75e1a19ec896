import { CallListScreen } from '../../features/calls/components/call-list-screen.tsx';

export function Component() {
  return <CallListScreen />;
}
