import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '../../lib/cn.ts';
import { IconChevronLeft, IconChevronRight } from './icons.tsx';

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

/** How much of the row's end fades out, and how far from the edge a selected tab is kept. */
const EDGE = 40;

/**
 * A row of tabs over one panel (WAI-ARIA tabs, automatic activation): Tab reaches the selected
 * tab, arrow keys, Home and End move between tabs and select them. When the row is wider than
 * its space (five tabs on a phone), it scrolls sideways: the side with more tabs fades out under
 * a chevron, and the selected tab is always scrolled into view.
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
  const scrollerRef = useRef<HTMLDivElement>(null);
  const scrolledOnce = useRef(false);
  const [more, setMore] = useState({ before: false, after: false });

  const measure = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const before = scroller.scrollLeft > 1;
    const after = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
    setMore((current) =>
      current.before === before && current.after === after ? current : { before, after },
    );
  }, []);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    if (listRef.current) observer.observe(listRef.current);
    return () => observer.disconnect();
  }, [measure]);

  // Keep the selected tab in view, clear of the fade: at once on first render, smoothly after.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const tab = listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!scroller || !tab) return;
    const start = tab.offsetLeft - EDGE;
    const end = tab.offsetLeft + tab.offsetWidth + EDGE - scroller.clientWidth;
    const target =
      start < scroller.scrollLeft ? Math.max(0, start) : end > scroller.scrollLeft ? end : null;
    // (jsdom has no matchMedia.)
    const smooth =
      scrolledOnce.current &&
      typeof window.matchMedia === 'function' &&
      !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    scrolledOnce.current = true;
    if (target === null) return;
    if (typeof scroller.scrollTo === 'function') {
      scroller.scrollTo({ left: target, behavior: smooth ? 'smooth' : 'instant' });
    } else {
      scroller.scrollLeft = target;
    }
  }, [value]);

  function scrollBy(direction: 1 | -1) {
    const scroller = scrollerRef.current;
    if (!scroller || typeof scroller.scrollBy !== 'function') return;
    scroller.scrollBy({ left: direction * scroller.clientWidth * 0.7, behavior: 'smooth' });
  }

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
      ?.focus({ preventScroll: true });
  }

  const fade = `linear-gradient(to right, ${more.before ? `transparent, #000 ${EDGE}px` : '#000'}, ${more.after ? `#000 calc(100% - ${EDGE}px), transparent` : '#000'})`;

  return (
    <div className={cn('relative', className)}>
      <div
        ref={scrollerRef}
        onScroll={measure}
        className="overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        style={more.before || more.after ? { maskImage: fade, WebkitMaskImage: fade } : undefined}
      >
        <div
          ref={listRef}
          role="tablist"
          aria-label={label}
          onKeyDown={onKeyDown}
          className="relative flex w-max min-w-full gap-1 border-b border-border"
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
                  '-mb-px inline-flex h-10 shrink-0 items-center gap-2 border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
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
                      selected
                        ? 'bg-accent-soft text-accent-text'
                        : 'bg-surface-muted text-fg-muted',
                    )}
                  >
                    {item.count}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      </div>
      {/* Pointer helpers only: keyboard users move with the arrow keys, which scroll too. */}
      {more.before ? <ScrollHint side="before" onClick={() => scrollBy(-1)} /> : null}
      {more.after ? <ScrollHint side="after" onClick={() => scrollBy(1)} /> : null}
    </div>
  );
}

function ScrollHint({ side, onClick }: { side: 'before' | 'after'; onClick: () => void }) {
  const Icon = side === 'before' ? IconChevronLeft : IconChevronRight;
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      onClick={onClick}
      className={cn(
        'absolute top-1.5 flex size-7 items-center justify-center rounded-full border border-border bg-surface text-fg-muted shadow-xs hover:text-fg',
        side === 'before' ? 'left-0' : 'right-0',
      )}
    >
      <Icon className="size-4" />
    </button>
  );
}
