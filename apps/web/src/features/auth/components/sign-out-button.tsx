import { Button, type ButtonProps } from '../../../components/ui/button.tsx';
import { IconLogOut } from '../../../components/ui/icons.tsx';
import { useSignOut } from '../hooks/use-sign-out.ts';

export function SignOutButton(props: Omit<ButtonProps, 'onClick'>) {
  const signOut = useSignOut();
  return (
    <Button variant="secondary" size="sm" {...props} onClick={() => void signOut()}>
      <IconLogOut className="size-4" />
      Sign out
    </Button>
  );
}
