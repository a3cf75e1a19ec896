import { Input, type InputProps } from './input.tsx';

/**
 * The field for a code from the authenticator app: the phone's number pad, and the one-time-code
 * autofill of password managers that hold the key.
 */
export function AppCodeInput(props: InputProps) {
  return (
    <Input
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="123456"
      maxLength={8}
      className="font-mono tracking-widest sm:max-w-40"
      {...props}
    />
  );
}
