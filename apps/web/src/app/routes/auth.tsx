import { SignInScreen } from '../../features/auth/components/sign-in-screen.tsx';

export function Component() {
  return <SignInScreen />;
}
