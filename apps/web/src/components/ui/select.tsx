import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { IconChevronDown } from './icons.tsx';

export const selectClassName =
  'block h-10 w-full appearance-none truncate rounded-lg border border-border-input bg-surface py-0 pr-9 pl-3 text-base text-fg shadow-xs transition-[border-color,box-shadow] focus:border-accent focus:outline-none focus:ring-3 focus:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm';

export interface SelectProps extends ComponentProps<'select'> {
  /** Classes for the wrapper (width, layout); `className` styles the select itself. */
  wrapperClassName?: string;
}

/** A native select (the platform's own picker on phones and screen readers), styled. */
export function Select({ className, wrapperClassName, children, ...props }: SelectProps) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <select className={cn(selectClassName, className)} {...props}>
        {children}
      </select>
      <IconChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-subtle" />
    </div>
  );
}
