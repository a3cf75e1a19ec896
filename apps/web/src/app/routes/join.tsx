// /join?token=…: where an invitation's link leads (no sign-in needed).
import { JoinScreen } from '../../features/join/components/join-screen.tsx';

export function Component() {
  return <JoinScreen />;
}
