// "Are you sure?" for destructive actions: a modal dialog with the consequence spelled out, a
// Cancel that takes focus first, and a confirm button that shows progress and any failure.
import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Dialog, DialogClose, DialogContent } from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  /** Why it failed (the server's message); the dialog stays open to try again or cancel. */
  error?: string | null | undefined;
  onConfirm: () => void;
  tone?: 'danger' | 'default';
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending = false,
  error,
  onConfirm,
  tone = 'danger',
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent
        title={title}
        footer={
          <>
            <DialogClose asChild>
              {/* First focus here, not on the header's close button: the safe answer. */}
              <Button variant="secondary" disabled={pending} autoFocus>
                Cancel
              </Button>
            </DialogClose>
            <Button
              onClick={onConfirm}
              pending={pending}
              pendingLabel={pendingLabel}
              className={
                tone === 'danger'
                  ? 'bg-danger-fg text-white hover:bg-danger-fg/90 disabled:hover:bg-danger-fg dark:text-black'
                  : undefined
              }
            >
              {confirmLabel}
            </Button>
          </>
        }
      >
        <div className="space-y-3 text-sm leading-6 text-fg-muted">
          {children}
          {error ? <Alert tone="error">{error}</Alert> : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
