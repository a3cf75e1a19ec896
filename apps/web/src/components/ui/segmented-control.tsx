import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface SegmentedOption<V extends string> {
  value: V;
  label: string;
  icon?: ReactNode;
}

export interface SegmentedControlProps<V extends string> {
  /** The group's name, shown as its legend (visually hidden when `hideLegend`). */
  legend: string;
  hideLegend?: boolean;
  options: readonly SegmentedOption<V>[];
  value: V;
  onValueChange: (value: V) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * One choice out of a few, all visible: native radio buttons (arrow keys move and choose, the
 * group is one Tab stop), drawn as a segmented bar.
 */
export function SegmentedControl<V extends string>({
  legend,
  hideLegend = false,
  options,
  value,
  onValueChange,
  disabled = false,
  className,
}: SegmentedControlProps<V>) {
  const name = useId();
  return (
    <fieldset className={cn('min-w-0', className)} disabled={disabled}>
      <legend className={hideLegend ? 'sr-only' : 'mb-1.5 text-sm font-medium text-fg'}>
        {legend}
      </legend>
      <div className="flex rounded-lg border border-border bg-surface-muted p-0.5">
        {options.map((option) => (
          <label key={option.value} className="relative min-w-0 flex-1">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onValueChange(option.value)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'flex h-8 cursor-pointer items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium whitespace-nowrap text-fg-muted transition-colors select-none',
                'hover:text-fg peer-checked:bg-surface peer-checked:text-fg peer-checked:shadow-xs peer-checked:ring-1 peer-checked:ring-border',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
              )}
            >
              {option.icon}
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
