import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  /** Shown in a pill after the label; null while unknown. */
  count?: ReactNode;
}

export interface TabsProps<V extends string> {
  /** Names the tab list for assistive technology. */
  label: string;
  items: readonly TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** Prefix of the tabs' ids: `${idPrefix}-${value}` (point the panel's aria-labelledby at it). */
  idPrefix: string;
  /** The id of the panel the tabs control. */
  panelId: string;
  className?: string;
}

export function tabId(idPrefix: string, value: string): string {
  return `${idPrefix}-${value}`;
}

/**
 * A row of tabs over one panel (WAI-ARIA tabs, automatic activation): Tab reaches the selected
 * tab, arrow keys, Home and End move between tabs and select them.
 */
export function Tabs<V extends string>({
  label,
  items,
  value,
  onValueChange,
  idPrefix,
  panelId,
  className,
}: TabsProps<V>) {
  const listRef = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.value === value);
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index >= last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const target = next === null ? undefined : items[next];
    if (!target) return;
    event.preventDefault();
    onValueChange(target.value);
    listRef.current
      ?.querySelector<HTMLElement>(`#${CSS.escape(tabId(idPrefix, target.value))}`)
      ?.focus();
  }

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn('flex gap-1 border-b border-border', className)}
    >
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            id={tabId(idPrefix, item.value)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              if (!selected) onValueChange(item.value);
            }}
            className={cn(
              '-mb-px inline-flex h-10 items-center gap-2 border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
              selected
                ? 'border-accent text-fg'
                : 'border-transparent text-fg-muted hover:border-border-input hover:text-fg',
            )}
          >
            {item.label}
            {item.count !== undefined ? (
              <span
                className={cn(
                  'min-w-6 rounded-full px-1.5 py-px text-center text-xs tabular-nums',
                  selected ? 'bg-accent-soft text-accent-text' : 'bg-surface-muted text-fg-muted',
                )}
              >
                {item.count}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
