import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { useFieldControl, type FieldControlProps } from './field.tsx';

export interface TextareaProps extends Omit<ComponentProps<'textarea'>, 'id'>, FieldControlProps {}

/** A multi-line text input, styled like Input; inside a Field it is wired like Input. */
export function Textarea({
  id,
  invalid,
  'aria-describedby': describedBy,
  className,
  ...props
}: TextareaProps) {
  const control = useFieldControl({ id, invalid, 'aria-describedby': describedBy });
  return (
    <textarea
      {...control}
      className={cn(
        'block min-h-24 w-full resize-y rounded-lg border border-border-input bg-surface px-3 py-2 text-base text-fg shadow-xs transition-[border-color,box-shadow] placeholder:text-fg-subtle focus:border-accent focus:outline-none focus:ring-3 focus:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger-fg aria-invalid:focus:ring-danger-fg/25 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
