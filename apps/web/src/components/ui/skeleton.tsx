import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A grey placeholder block while content loads. Hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'animate-pulse rounded-md bg-border/70 motion-reduce:animate-none dark:bg-border',
        className,
      )}
      {...props}
    />
  );
}
