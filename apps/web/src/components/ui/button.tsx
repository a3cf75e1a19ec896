import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

type ButtonVariant = 'primary' | 'secondary' | 'ghost';
type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy: disabled, with a spinner and `pendingLabel` in place of the children. */
  pending?: boolean;
  pendingLabel?: ReactNode;
}

const base =
  'inline-flex select-none items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-accent text-accent-fg shadow-sm hover:bg-accent-hover disabled:opacity-70 disabled:hover:bg-accent',
  secondary:
    'border border-border bg-surface text-fg shadow-xs hover:bg-surface-muted disabled:opacity-60',
  ghost: 'text-fg-muted hover:bg-surface-muted hover:text-fg disabled:opacity-60',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
};

export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return cn(base, variants[variant], sizes[size]);
}

export function Button({
  variant = 'primary',
  size = 'md',
  pending = false,
  pendingLabel,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={cn(buttonClassName(variant, size), className)}
      {...props}
    >
      {pending ? (
        <>
          <Spinner />
          {pendingLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
