// Tabs on Radix Tabs (WAI-ARIA tabs, automatic activation): Tab reaches the selected tab; arrow
// keys (round the ends), Home and End move between tabs and select them; each tab labels its
// panel. The selection is the caller's (often kept in the address): the tabs show `value` and
// report a choice through `onValueChange`. When the row is wider than its space (five tabs on a
// phone), it scrolls sideways: the side with more tabs fades out under a chevron, and the
// selected tab is always scrolled into view.
import * as TabsPrimitive from '@radix-ui/react-tabs';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
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
  /** Classes for the row of tabs. */
  className?: string;
  /** The panels (one TabPanel per item), and anything to show between the row and them. */
  children: ReactNode;
}

/** How much of the row's end fades out, and how far from the edge a selected tab is kept. */
const EDGE = 40;

export function Tabs<V extends string>({
  label,
  items,
  value,
  onValueChange,
  className,
  children,
}: TabsProps<V>) {
  // Radix selects a pressed tab twice, once as the press focuses it and once for the press; until
  // the caller's value catches up, both would be reported. One report per event is enough.
  const reported = useRef<string | null>(null);

  function report(next: string) {
    const item = items.find((candidate) => candidate.value === next);
    if (!item || next === reported.current) return;
    reported.current = next;
    queueMicrotask(() => {
      reported.current = null;
    });
    onValueChange(item.value);
  }

  return (
    <TabsPrimitive.Root value={value} onValueChange={report}>
      <TabRow label={label} items={items} value={value} className={className} />
      {children}
    </TabsPrimitive.Root>
  );
}

/**
 * One tab's panel; only the selected tab's panel is shown and has its content. Like the panels
 * before Radix, it is not a stop of its own in the Tab order: every panel starts with controls.
 */
export function TabPanel(props: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content tabIndex={undefined} {...props} />;
}

function TabRow<V extends string>({
  label,
  items,
  value,
  className,
}: {
  label: string;
  items: readonly TabItem<V>[];
  value: V;
  className: string | undefined;
}) {
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

  // The observer reports once on observing, after the browser's own layout: measuring here
  // instead would force a layout of the whole page before its first paint.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    if (listRef.current) observer.observe(listRef.current);
    return () => observer.disconnect();
  }, [measure]);

  // Keep the selected tab in view, clear of the fade: at once on first render, smoothly after.
  // A row that has just mounted is scrolled to its start, where the first tab already is: reading
  // where the tabs are would only force a layout.
  const selectedIsFirst = items[0]?.value === value;
  useLayoutEffect(() => {
    if (!scrolledOnce.current && selectedIsFirst) {
      scrolledOnce.current = true;
      return;
    }
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
  }, [value, selectedIsFirst]);

  function scrollBy(direction: 1 | -1) {
    const scroller = scrollerRef.current;
    if (!scroller || typeof scroller.scrollBy !== 'function') return;
    scroller.scrollBy({ left: direction * scroller.clientWidth * 0.7, behavior: 'smooth' });
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
        <TabsPrimitive.List
          ref={listRef}
          aria-label={label}
          className="relative flex w-max min-w-full gap-1 border-b border-border"
        >
          {items.map((item) => (
            <TabsPrimitive.Trigger
              key={item.value}
              value={item.value}
              className="group -mb-px inline-flex h-10 shrink-0 items-center gap-2 border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring data-[state=active]:border-accent data-[state=active]:text-fg data-[state=inactive]:border-transparent data-[state=inactive]:text-fg-muted data-[state=inactive]:hover:border-border-input data-[state=inactive]:hover:text-fg"
            >
              {item.label}
              {item.count !== undefined ? (
                <span className="min-w-6 rounded-full bg-surface-muted px-1.5 py-px text-center text-xs text-fg-muted tabular-nums group-data-[state=active]:bg-accent-soft group-data-[state=active]:text-accent-text">
                  {item.count}
                </span>
              ) : null}
            </TabsPrimitive.Trigger>
          ))}
        </TabsPrimitive.List>
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
