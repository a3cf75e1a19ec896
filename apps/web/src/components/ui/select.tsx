import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { useFieldControl, type FieldControlProps } from './field.tsx';
import { IconChevronDown } from './icons.tsx';

const base =
  'block w-full appearance-none truncate rounded-lg border border-border-input bg-surface py-0 text-base text-fg shadow-xs transition-[border-color,box-shadow] focus:border-accent focus:outline-none focus:ring-3 focus:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm';

// Heights match the buttons' (button.tsx), so that a select sits level with them in a row.
const sizes = {
  // A little taller on phones, where the text is 16 px (smaller makes iOS zoom in on focus).
  sm: 'h-9 pr-8 pl-2.5 sm:h-8',
  md: 'h-10 pr-9 pl-3',
} as const;

export interface SelectProps
  extends Omit<ComponentProps<'select'>, 'size' | 'id'>, FieldControlProps {
  /** `sm` in table rows and toolbars, beside small buttons. */
  size?: keyof typeof sizes;
  /** Classes for the wrapper (width, layout); `className` styles the select itself. */
  wrapperClassName?: string;
}

/**
 * A native select (the platform's own picker on phones and screen readers), styled; inside a
 * Field it is wired like Input.
 */
export function Select({
  size = 'md',
  id,
  invalid,
  'aria-describedby': describedBy,
  className,
  wrapperClassName,
  children,
  ...props
}: SelectProps) {
  const control = useFieldControl({ id, invalid, 'aria-describedby': describedBy });
  return (
    <div className={cn('relative', wrapperClassName)}>
      <select {...control} className={cn(base, sizes[size], className)} {...props}>
        {children}
      </select>
      <IconChevronDown
        className={cn(
          'pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-fg-subtle',
          size === 'sm' ? 'right-2.5' : 'right-3',
        )}
      />
    </div>
  );
}
