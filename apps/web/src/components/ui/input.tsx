import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { useFieldControl, type FieldControlProps } from './field.tsx';

export interface InputProps extends Omit<ComponentProps<'input'>, 'id'>, FieldControlProps {}

export const inputClassName =
  'block h-10 w-full rounded-lg border border-border-input bg-surface px-3 text-base text-fg shadow-xs transition-[border-color,box-shadow] placeholder:text-fg-subtle focus:border-accent focus:outline-none focus:ring-3 focus:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger-fg aria-invalid:focus:ring-danger-fg/25 sm:text-sm';

/**
 * A text input. 16 px text on phones, so iOS does not zoom in on focus. Inside a Field it takes
 * its id, aria-invalid and aria-describedby from there.
 */
export function Input({
  id,
  invalid,
  'aria-describedby': describedBy,
  className,
  ...props
}: InputProps) {
  const control = useFieldControl({ id, invalid, 'aria-describedby': describedBy });
  return <input {...control} className={cn(inputClassName, className)} {...props} />;
}

/**
 * An email address input: the phone's email keyboard, no autocorrection or capitals, and an
 * example for a placeholder.
 */
export function EmailInput(props: Omit<InputProps, 'type'>) {
  return (
    <Input
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      placeholder="name@company.com"
      {...props}
    />
  );
}
