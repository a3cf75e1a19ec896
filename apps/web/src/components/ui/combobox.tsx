// A searchable picker: a button shows the current choice; opening it shows a search box (an ARIA
// 1.2 combobox) over a listbox of options. Keyboard: Enter, Space or ↓ on the button opens it;
// typing filters; ↑ ↓ Home End move (Home/End once the text is empty); Enter picks; Escape closes
// and returns focus to the button; Tab closes and moves on.
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '../../lib/cn.ts';
import { IconCheck, IconChevronsUpDown, IconSearch } from './icons.tsx';
import { Spinner } from './spinner.tsx';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line (an email address, say); also searched. */
  description?: string;
  icon?: ReactNode;
}

export interface ComboboxProps {
  /** The visible label (rendered above the button). */
  label: string;
  hideLabel?: boolean;
  options: readonly ComboboxOption[];
  /** The chosen option's value, or null for none. */
  value: string | null;
  onValueChange: (value: string) => void;
  /** What the button shows. */
  children: ReactNode;
  searchLabel: string;
  searchPlaceholder?: string;
  /** Shown when nothing matches. */
  emptyText?: string;
  disabled?: boolean;
  /** Busy: a spinner in the button; still operable. */
  pending?: boolean;
  className?: string;
}

/** Lower case, accents removed: "Zoë" matches "zoe". */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export function filterOptions(options: readonly ComboboxOption[], query: string): ComboboxOption[] {
  const needle = normalise(query.trim());
  if (!needle) return [...options];
  return options.filter((option) =>
    normalise(`${option.label} ${option.description ?? ''}`).includes(needle),
  );
}

export function Combobox({
  label,
  hideLabel = false,
  options,
  value,
  onValueChange,
  children,
  searchLabel,
  searchPlaceholder = 'Search…',
  emptyText = 'No matches',
  disabled = false,
  pending = false,
  className,
}: ComboboxProps) {
  const ids = useId();
  const labelId = `${ids}-label`;
  const buttonId = `${ids}-button`;
  const listId = `${ids}-list`;
  const optionId = (index: number) => `${ids}-option-${index}`;

  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);

  const visible = useMemo(() => filterOptions(options, query), [options, query]);
  const active = visible[activeIndex];

  function openList() {
    setQuery('');
    setActiveIndex(
      Math.max(
        0,
        options.findIndex((option) => option.value === value),
      ),
    );
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function choose(option: ComboboxOption) {
    close(true);
    if (option.value !== value) onValueChange(option.value);
  }

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // Keep the active option in view as the keyboard moves through a long list.
  useEffect(() => {
    if (!open) return;
    const element = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    element?.scrollIntoView({ block: 'nearest' });
  }, [open, activeIndex]);

  // A press outside closes the list (focus stays where the user put it).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList();
    }
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = visible.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActiveIndex((index) => (index >= last ? 0 : index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActiveIndex((index) => (index <= 0 ? last : index - 1));
        break;
      case 'Home':
      case 'End':
        if (query) return; // moving the caret in the search text
        event.preventDefault();
        setActiveIndex(event.key === 'Home' ? 0 : last);
        break;
      case 'Enter':
        event.preventDefault();
        if (active) choose(active);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
    }
  }

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      {/* The button names itself (its own sr-only copy of the label, then the value) rather
          than through aria-labelledby: decorative text in the value, such as an avatar's
          initials, would otherwise make its visible text differ from its name (WCAG 2.5.3). */}
      <span
        id={labelId}
        aria-hidden="true"
        className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-fg'}
      >
        {label}
      </span>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-busy={pending || undefined}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onButtonKeyDown}
        className="flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-border-input bg-surface px-3 text-left text-sm text-fg shadow-xs transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-expanded:border-accent"
      >
        <span className="sr-only">{label}: </span>
        <span className="flex min-w-0 items-center gap-2">{children}</span>
        {pending ? (
          <Spinner className="size-4 text-fg-subtle" />
        ) : (
          <IconChevronsUpDown className="size-4 shrink-0 text-fg-subtle" />
        )}
      </button>

      {open ? (
        <div className="absolute inset-x-0 top-full z-30 mt-1.5 min-w-64 overflow-hidden rounded-xl border border-border bg-surface shadow-lg shadow-black/10 dark:shadow-black/50">
          <div className="relative border-b border-border">
            <IconSearch className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" />
            <input
              ref={inputRef}
              type="text"
              role="combobox"
              aria-label={searchLabel}
              aria-autocomplete="list"
              aria-expanded="true"
              aria-controls={listId}
              aria-activedescendant={active ? optionId(activeIndex) : undefined}
              autoComplete="off"
              spellCheck={false}
              placeholder={searchPlaceholder}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActiveIndex(0);
              }}
              onKeyDown={onInputKeyDown}
              className="h-10 w-full bg-transparent pr-3 pl-9 text-base text-fg placeholder:text-fg-subtle focus:outline-none sm:text-sm"
            />
          </div>
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-labelledby={labelId}
            className="max-h-72 overflow-y-auto p-1"
          >
            {visible.map((option, index) => {
              const selected = option.value === value;
              return (
                <li
                  key={option.value}
                  id={optionId(index)}
                  data-index={index}
                  role="option"
                  aria-selected={selected}
                  // Keep focus in the search box; the click picks the option.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (index !== activeIndex) setActiveIndex(index);
                  }}
                  onClick={() => choose(option)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-fg',
                    index === activeIndex && 'bg-surface-muted ring-1 ring-border',
                  )}
                >
                  {option.icon ? (
                    <span className="flex size-6 shrink-0 items-center justify-center">
                      {option.icon}
                    </span>
                  ) : null}
                  <span className="min-w-0 flex-1">
                    <span className="block truncate">{option.label}</span>
                    {option.description ? (
                      <span className="block truncate text-xs text-fg-muted">
                        {option.description}
                      </span>
                    ) : null}
                  </span>
                  {selected ? <IconCheck className="size-4 shrink-0 text-accent-text" /> : null}
                </li>
              );
            })}
            {visible.length === 0 ? (
              <li role="presentation" className="px-2.5 py-6 text-center text-sm text-fg-muted">
                {emptyText}
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
