import type { ReactNode } from 'react';
import { FieldError } from './field-error.tsx';
import { Label } from './label.tsx';

export interface FieldProps {
  label: ReactNode;
  htmlFor: string;
  /** The error's id, for the control's aria-describedby. */
  errorId: string;
  error?: string | undefined;
  /** Shown at the end of the label row (a "Forgot password?" link, say). */
  labelAside?: ReactNode;
  children: ReactNode;
  /** Below the control, above the error. */
  hint?: ReactNode;
}

/** Label, control, hint and error, stacked. The caller wires aria-describedby on the control. */
export function Field({ label, htmlFor, errorId, error, labelAside, hint, children }: FieldProps) {
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <Label htmlFor={htmlFor}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {hint}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
