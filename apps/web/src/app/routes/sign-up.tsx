// /sign-up: an account without an invitation, where the operator allows it (no sign-in needed).
import { SignUpScreen } from '../../features/auth/components/sign-up-screen.tsx';

export function Component() {
  return <SignUpScreen />;
}
