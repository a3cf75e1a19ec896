// /sso: sign in through the organisation's identity provider (no sign-in needed).
import { SsoScreen } from '../../features/auth/components/sso-screen.tsx';

export function Component() {
  return <SsoScreen />;
}
