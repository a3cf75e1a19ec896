import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The visible label; clicking it toggles the switch too. */
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  /** Busy saving: the switch shows the new state and stays operable once done. */
  pending?: boolean;
}

/** An on/off setting that takes effect at once (role="switch"): Space or Enter toggles it. */
export function Switch({
  checked,
  onCheckedChange,
  label,
  description,
  disabled = false,
  pending = false,
}: SwitchProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label
          id={labelId}
          htmlFor={`${labelId}-switch`}
          className="block text-sm font-medium text-fg"
        >
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="mt-0.5 text-sm text-fg-muted">
            {description}
          </p>
        ) : null}
      </div>
      <button
        id={`${labelId}-switch`}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        aria-busy={pending || undefined}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60',
          checked ? 'bg-accent' : 'bg-border-input/60',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'block size-5 rounded-full bg-white shadow-sm transition-transform motion-reduce:transition-none',
            checked ? 'translate-x-5' : 'translate-x-0',
          )}
        />
      </button>
    </div>
  );
}
