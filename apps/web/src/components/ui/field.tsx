import { createContext, use, useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { FieldError } from './field-error.tsx';
import { Label } from './label.tsx';

interface FieldControl {
  id: string;
  /** The hint's and the error's ids, when they are shown. */
  describedBy: string | undefined;
  invalid: boolean;
}

const FieldContext = createContext<FieldControl | null>(null);

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control, which is then marked invalid and described by it. */
  error?: string | undefined;
  /** Shown at the end of the label row (a "Forgot password?" link, say). */
  labelAside?: ReactNode;
  /** Below the control, above the error; the control is described by it. */
  hint?: ReactNode;
  className?: string;
  /** One control: Input, PasswordInput, Textarea or Select, which take their wiring from here. */
  children: ReactNode;
}

/**
 * Label, control, hint and error, stacked and wired: the control gets the label's id,
 * aria-invalid while there is an error, and aria-describedby naming the hint and the error.
 */
export function Field({ label, error, labelAside, hint, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const control: FieldControl = {
    id: `${id}-control`,
    describedBy: cn(hint ? hintId : null, error ? errorId : null) || undefined,
    invalid: Boolean(error),
  };
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <Label htmlFor={control.id}>{label}</Label>
        {labelAside}
      </div>
      <FieldContext value={control}>{children}</FieldContext>
      {hint ? (
        <div id={hintId} className="mt-1.5 text-[13px] leading-5 text-fg-muted">
          {hint}
        </div>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

export interface FieldControlProps {
  id?: string | undefined;
  /** Overrides the field's own judgement (an error shown elsewhere, say). */
  invalid?: boolean | undefined;
  /** More descriptions, before the field's hint and error. */
  'aria-describedby'?: string | undefined;
}

/**
 * The id and ARIA attributes of a control: what it was given, completed from the Field around it
 * (if any).
 */
export function useFieldControl({
  id,
  invalid,
  'aria-describedby': describedBy,
}: FieldControlProps) {
  const field = use(FieldContext);
  return {
    id: id ?? field?.id,
    'aria-invalid': (invalid ?? field?.invalid) || undefined,
    'aria-describedby': cn(describedBy, field?.describedBy) || undefined,
  };
}
