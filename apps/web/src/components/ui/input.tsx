import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export interface InputProps extends ComponentProps<'input'> {
  /** Marks the field invalid (aria-invalid) and styles it so. */
  invalid?: boolean;
}

export const inputClassName =
  'block h-10 w-full rounded-lg border border-border-input bg-surface px-3 text-base text-fg shadow-xs transition-[border-color,box-shadow] placeholder:text-fg-subtle focus:border-accent focus:outline-none focus:ring-3 focus:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger-fg aria-invalid:focus:ring-danger-fg/25 sm:text-sm';

/** A text input. 16 px text on phones, so iOS does not zoom in on focus. */
export function Input({ invalid, className, ...props }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cn(inputClassName, className)}
      {...props}
    />
  );
}
