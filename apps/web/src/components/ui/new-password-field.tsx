// A password being chosen (joining, signing up): the field, the rules as a checklist under it, and
// the common-password rule asked of the server when the field is left.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useCommonPasswordCheck } from '../../lib/password-check.ts';
import { Field } from './field.tsx';
import { PasswordInput } from './password-input.tsx';
import { PasswordRulesHint } from './password-rules-hint.tsx';

export function NewPasswordField({
  password,
  error,
  label = 'Password',
  ...registration
}: UseFormRegisterReturn & {
  /** What is typed now (useWatch), for the checklist. */
  password: string;
  error?: string | undefined;
  label?: string;
}) {
  const commonCheck = useCommonPasswordCheck(password);
  return (
    <Field
      label={label}
      error={error}
      hint={<PasswordRulesHint password={password} common={commonCheck.common} />}
    >
      <PasswordInput
        autoComplete="new-password"
        {...registration}
        onBlur={(event) => {
          commonCheck.check(event.target.value);
          void registration.onBlur(event);
        }}
      />
    </Field>
  );
}
