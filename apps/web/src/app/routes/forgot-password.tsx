import { ForgotPasswordScreen } from '../../features/auth/components/forgot-password-screen.tsx';

export function Component() {
  return <ForgotPasswordScreen />;
}
