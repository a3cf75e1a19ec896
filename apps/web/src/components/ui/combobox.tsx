// A searchable picker on Radix Popover and cmdk: a button shows the current choice; opening it
// shows a search box (an ARIA 1.2 combobox) over a listbox of options. Keyboard: Enter, Space or
// ↓ on the button opens it; typing filters; ↑ ↓ move (round the ends), Home End too while the
// search box is empty; Enter picks; Escape closes and returns focus to the button; Tab closes and
// moves on. The list opens just after the button in the page (not in a portal), so that Tab from
// the search box reaches the control after the picker.
import * as Popover from '@radix-ui/react-popover';
import { Command } from 'cmdk';
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
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
  /** Whether the list is open, for a picker that something else opens too (a shortcut). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** Lower case, accents removed: "Zoë" matches "zoe". */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * cmdk's filter: an option matches (1) when its label or description contains the search text,
 * ignoring case and accents, and is hidden (0) otherwise. Every match scores the same, so the
 * options keep their order.
 */
function matches(_value: string, search: string, keywords: string[] = []): number {
  return normalise(keywords.join(' ')).includes(normalise(search.trim())) ? 1 : 0;
}

/**
 * Points the search box's aria-activedescendant at the highlighted option (the one cmdk marks
 * aria-selected, and the one Enter picks). cmdk 1.1 leaves it unset when the list opens and can
 * leave it on an earlier option after the search text changes, so screen readers would announce
 * the wrong option or none. Rendered inside the open list, so that it starts once both exist.
 */
function ActiveDescendant({
  inputRef,
  listRef,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  listRef: RefObject<HTMLDivElement | null>;
}) {
  useEffect(() => {
    const input = inputRef.current;
    const list = listRef.current;
    if (!input || !list) return;
    const sync = () => {
      const id = list.querySelector('[role="option"][aria-selected="true"]')?.id;
      if (id) {
        if (input.getAttribute('aria-activedescendant') !== id) {
          input.setAttribute('aria-activedescendant', id);
        }
      } else if (input.hasAttribute('aria-activedescendant')) {
        input.removeAttribute('aria-activedescendant');
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(list, { subtree: true, childList: true, attributeFilter: ['aria-selected'] });
    observer.observe(input, { attributeFilter: ['aria-activedescendant'] });
    return () => observer.disconnect();
  }, [inputRef, listRef]);
  return null;
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
  open: openProp,
  onOpenChange: onOpenChangeProp,
}: ComboboxProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChangeProp?.(next);
  };
  const [query, setQuery] = useState('');
  // Set by Tab in the search box, so that focus leaving the list (even for the button, with
  // Shift+Tab) closes it without sending focus back.
  const tabbingOut = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  function onOpenChange(next: boolean) {
    // Cleared on closing too, so that a list opened from outside starts unfiltered.
    setQuery('');
    setOpen(next);
  }

  function choose(option: ComboboxOption) {
    setOpen(false);
    if (option.value !== value) onValueChange(option.value);
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      onOpenChange(true);
    }
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Home and End move the caret while there is search text, not the highlight.
    if ((event.key === 'Home' || event.key === 'End') && query) event.stopPropagation();
    // Let Tab move on as usual, rather than the popover keeping focus inside.
    if (event.key === 'Tab') {
      tabbingOut.current = true;
      event.stopPropagation();
    }
  }

  // The chosen option starts highlighted; otherwise cmdk highlights the first.
  const initialHighlight = options.some((option) => option.value === value)
    ? (value ?? undefined)
    : undefined;

  return (
    <div className={cn('relative', className)}>
      {/* The button names itself (its own sr-only copy of the label, then the value) rather
          than through aria-labelledby: decorative text in the value, such as an avatar's
          initials, would otherwise make its visible text differ from its name (WCAG 2.5.3). */}
      <span
        aria-hidden="true"
        className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-fg'}
      >
        {label}
      </span>
      <Popover.Root open={open} onOpenChange={onOpenChange}>
        <Popover.Trigger
          disabled={disabled}
          aria-busy={pending || undefined}
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
        </Popover.Trigger>
        <Popover.Content
          aria-label={label}
          align="start"
          sideOffset={6}
          collisionPadding={8}
          onFocusOutside={() => {
            if (tabbingOut.current) setOpen(false);
            tabbingOut.current = false;
          }}
          className="z-30 w-(--radix-popover-trigger-width) min-w-64 overflow-hidden rounded-xl border border-border bg-surface shadow-lg shadow-black/10 dark:shadow-black/50"
        >
          <Command label={searchLabel} filter={matches} loop defaultValue={initialHighlight}>
            <div className="relative border-b border-border">
              <IconSearch className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" />
              <Command.Input
                ref={inputRef}
                value={query}
                onValueChange={setQuery}
                onKeyDown={onSearchKeyDown}
                placeholder={searchPlaceholder}
                className="h-10 w-full bg-transparent pr-3 pl-9 text-base text-fg placeholder:text-fg-subtle focus:outline-none sm:text-sm"
              />
            </div>
            <Command.List ref={listRef} label={label} className="max-h-72 overflow-y-auto p-1">
              {options.map((option) => {
                const selected = option.value === value;
                return (
                  <Command.Item
                    key={option.value}
                    value={option.value}
                    keywords={[option.label, option.description ?? '']}
                    onSelect={() => choose(option)}
                    // The highlight is aria-selected (cmdk's); the current choice is "checked".
                    aria-checked={selected || undefined}
                    className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-fg data-[selected=true]:bg-surface-muted data-[selected=true]:ring-1 data-[selected=true]:ring-border"
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
                  </Command.Item>
                );
              })}
            </Command.List>
            {/* Beside the list, not in it: a listbox may hold only options. */}
            <Command.Empty className="px-2.5 pb-6 pt-5 text-center text-sm text-fg-muted">
              {emptyText}
            </Command.Empty>
            <ActiveDescendant inputRef={inputRef} listRef={listRef} />
          </Command>
        </Popover.Content>
      </Popover.Root>
    </div>
  );
}
