import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { IconAlertCircle, IconCheckCircle, IconInfo, IconWarning } from './icons.tsx';

type AlertTone = 'error' | 'warning' | 'info' | 'success';

const tones: Record<AlertTone, { box: string; icon: ReactNode }> = {
  error: {
    box: 'border-danger-border bg-danger-bg text-danger-fg',
    icon: <IconAlertCircle className="mt-0.5 size-4 shrink-0" />,
  },
  warning: {
    box: 'border-warning-border bg-warning-bg text-warning-fg',
    icon: <IconWarning className="mt-0.5 size-4 shrink-0" />,
  },
  info: {
    box: 'border-info-border bg-info-bg text-info-fg',
    icon: <IconInfo className="mt-0.5 size-4 shrink-0" />,
  },
  success: {
    box: 'border-success-border bg-success-bg text-success-fg',
    icon: <IconCheckCircle className="mt-0.5 size-4 shrink-0" />,
  },
};

export interface AlertProps extends Omit<ComponentProps<'div'>, 'title'> {
  tone?: AlertTone;
  title?: ReactNode;
}

/**
 * A message box. Errors are announced (role="alert"), others politely (role="status").
 * Focusable from script (tabIndex −1) so a form can move focus to it.
 */
export function Alert({ tone = 'error', title, children, className, role, ...props }: AlertProps) {
  const { box, icon } = tones[tone];
  return (
    <div
      role={role ?? (tone === 'error' ? 'alert' : 'status')}
      tabIndex={-1}
      className={cn(
        'flex gap-2.5 rounded-lg border px-3.5 py-3 text-sm leading-5 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        box,
        className,
      )}
      {...props}
    >
      {icon}
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div className={title ? 'opacity-95' : undefined}>{children}</div> : null}
      </div>
    </div>
  );
}
