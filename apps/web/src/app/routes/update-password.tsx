import { UpdatePasswordScreen } from '../../features/auth/components/update-password-screen.tsx';

export function Component() {
  return <UpdatePasswordScreen />;
}
