import { PERSON_NAME_MAX_LENGTH } from '@callboard/contract';
import { tooLongMessage, type FieldWording } from '../../lib/forms.ts';
import { Field } from './field.tsx';
import { Input, type InputProps } from './input.tsx';

export interface NameFieldProps extends Omit<InputProps, 'type'> {
  error?: string | undefined;
}

/** A person's first and last name, side by side from tablet width up. */
export function NameFields({
  firstName: { error: firstNameError, ...firstName },
  lastName: { error: lastNameError, ...lastName },
}: {
  firstName: NameFieldProps;
  lastName: NameFieldProps;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="First name" error={firstNameError}>
        <Input autoComplete="given-name" {...firstName} />
      </Field>
      <Field label="Last name" error={lastNameError}>
        <Input autoComplete="family-name" {...lastName} />
      </Field>
    </div>
  );
}

/** What a form says about the names (`formResolver`'s wording for first_name and last_name). */
export const nameFieldsWording = {
  first_name: {
    missing: 'Enter your first name.',
    tooLong: tooLongMessage(PERSON_NAME_MAX_LENGTH),
  },
  last_name: { missing: 'Enter your last name.', tooLong: tooLongMessage(PERSON_NAME_MAX_LENGTH) },
} as const satisfies Record<string, FieldWording>;
