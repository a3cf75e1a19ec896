// A modal dialog on Radix Dialog (focus trap, Escape, scroll lock, labelled by its title). On
// phones it rises from the bottom as a sheet; from `sm` up it is a centred panel.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { IconX } from './icons.tsx';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  className?: string;
  /** A click outside leaves it open: for what cannot be shown again, such as a new secret. */
  keepOpenOnOutsideClick?: boolean;
  /** From `sm` up: a form's width (the default), or room for a table. */
  size?: 'md' | 'lg';
  /**
   * The body holds only text (nothing focusable): a Tab stop of its own, so that a keyboard
   * user can scroll it when it is longer than the screen.
   */
  textOnly?: boolean;
}

export function DialogContent({
  title,
  description,
  children,
  footer,
  className,
  keepOpenOnOutsideClick = false,
  size = 'md',
  textOnly = false,
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-dialog-overlay=""
        className="fixed inset-0 z-40 bg-black/40 data-[state=open]:animate-[appear_150ms_ease-out] dark:bg-black/60"
      />
      <DialogPrimitive.Content
        {...(description ? {} : { 'aria-describedby': undefined })}
        onInteractOutside={keepOpenOnOutsideClick ? (event) => event.preventDefault() : undefined}
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-2xl border border-border bg-surface shadow-xl focus:outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
          size === 'lg' ? 'sm:max-w-3xl' : 'sm:max-w-md',
          'data-[state=open]:animate-[appear_150ms_ease-out]',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
          <div className="min-w-0">
            <DialogPrimitive.Title className="text-base font-semibold text-fg">
              {title}
            </DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="mt-0.5 text-sm text-fg-muted">
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </div>
          <DialogPrimitive.Close
            aria-label="Close"
            className="-m-1.5 rounded-md p-1.5 text-fg-subtle hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
          >
            <IconX />
          </DialogPrimitive.Close>
        </div>
        <div
          className="min-h-0 flex-1 overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
          {...(textOnly ? { tabIndex: 0 } : {})}
        >
          {children}
        </div>
        {footer ? (
          <div className="flex justify-end gap-3 border-t border-border px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            {footer}
          </div>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
