import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'border-border bg-surface-muted text-fg-muted',
  info: 'border-info-border bg-info-bg text-info-fg',
  success: 'border-success-border bg-success-bg text-success-fg',
  warning: 'border-warning-border bg-warning-bg text-warning-fg',
  danger: 'border-danger-border bg-danger-bg text-danger-fg',
};

export interface BadgeProps extends ComponentProps<'span'> {
  tone?: BadgeTone;
  /** Decorative; the text says what the badge means, so colour is never the only cue. */
  icon?: ReactNode;
}

/** A small labelled pill for a state (a call's status, a sentiment). */
export function Badge({ tone = 'neutral', icon, className, children, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs leading-4 font-medium whitespace-nowrap',
        tones[tone],
        className,
      )}
      {...props}
    >
      {icon}
      {children}
    </span>
  );
}
