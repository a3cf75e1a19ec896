import type { ReactNode } from 'react';
import { IconAlertCircle } from './icons.tsx';

/** A field's error message; point the field's aria-describedby at `id`. Renders nothing when empty. */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-danger-fg">
      <IconAlertCircle className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
