import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links: what the user can do about it. */
  action?: ReactNode;
  tone?: 'neutral' | 'danger';
  /** Heading level of the title (h2 by default). */
  headingLevel?: 'h1' | 'h2' | 'h3';
  className?: string;
  role?: 'alert' | 'status';
}

/** A centred message for "nothing here", "not allowed" or "could not load", with a way on. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  tone = 'neutral',
  headingLevel: Heading = 'h2',
  className,
  role,
}: EmptyStateProps) {
  return (
    <div role={role} className={cn('mx-auto max-w-md px-4 py-12 text-center sm:py-16', className)}>
      {icon ? (
        <span
          className={cn(
            'mx-auto flex size-11 items-center justify-center rounded-full border [&>svg]:size-5',
            tone === 'danger'
              ? 'border-danger-border bg-danger-bg text-danger-fg'
              : 'border-border bg-surface-muted text-fg-muted',
          )}
        >
          {icon}
        </span>
      ) : null}
      <Heading className="mt-4 text-base font-semibold text-balance text-fg">{title}</Heading>
      {description ? (
        <div className="mt-1.5 text-sm leading-6 text-pretty text-fg-muted">{description}</div>
      ) : null}
      {action ? (
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{action}</div>
      ) : null}
    </div>
  );
}
