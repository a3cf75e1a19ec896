import { useId, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCount } from '../../lib/format.ts';
import { Button } from './button.tsx';
import { IconChevronFirst, IconChevronLast, IconChevronLeft, IconChevronRight } from './icons.tsx';
import { Select } from './select.tsx';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  pageSizeOptions: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** What is being counted, plural ("calls"). */
  noun?: string;
  /** Extra controls at the end (a "Show all" button, say). */
  children?: ReactNode;
  disabled?: boolean;
  className?: string;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "1–100 of 1,234", a page-size choice, first/previous/next/last, and a page number to type. */
export function Pagination({
  page,
  pageSize,
  total,
  pageSizeOptions,
  onPageChange,
  onPageSizeChange,
  noun = 'items',
  children,
  disabled = false,
  className,
}: PaginationProps) {
  const sizeId = useId();
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total + 1);
  const last = Math.min(page * pageSize, total);
  const range =
    total === 0
      ? `0 ${noun}`
      : first > total
        ? `Page ${formatCount(page)} is past the last of ${formatCount(total)} ${noun}`
        : `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)} ${noun}`;

  return (
    <nav
      aria-label="Pagination"
      className={cn(
        'flex flex-wrap items-center justify-between gap-x-6 gap-y-3 text-sm text-fg-muted',
        className,
      )}
    >
      <p aria-live="polite" className="tabular-nums">
        {range}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="whitespace-nowrap">
            Per page
          </label>
          {/* Busy is aria-disabled here too, so that choosing a size keeps focus on the choice. */}
          <Select
            id={sizeId}
            value={pageSize}
            aria-disabled={disabled || undefined}
            onChange={(event) => {
              if (!disabled) onPageSizeChange(Number(event.target.value));
            }}
            size="sm"
            wrapperClassName="w-24"
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          >
            {pageSizeOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex items-center gap-1.5">
          <PageButton
            label="First page"
            off={disabled || page <= 1}
            onPress={() => onPageChange(1)}
          >
            <IconChevronFirst className="size-4" />
          </PageButton>
          <PageButton
            label="Previous page"
            off={disabled || page <= 1}
            onPress={() => onPageChange(Math.min(page - 1, pages))}
          >
            <IconChevronLeft className="size-4" />
          </PageButton>
          {/* Keyed by the page: a page changed elsewhere shows in the box at once. */}
          <PageNumber
            key={page}
            page={page}
            pages={pages}
            disabled={disabled}
            onPageChange={onPageChange}
          />
          <PageButton
            label="Next page"
            off={disabled || page >= pages}
            onPress={() => onPageChange(page + 1)}
          >
            <IconChevronRight className="size-4" />
          </PageButton>
          <PageButton
            label="Last page"
            off={disabled || page >= pages}
            onPress={() => onPageChange(pages)}
          >
            <IconChevronLast className="size-4" />
          </PageButton>
        </div>
        {children}
      </div>
    </nav>
  );
}

/**
 * "Page [3] of 120": the current page in a box the user can type another into. Enter or leaving
 * the box goes there; a number past either end goes to that end, and anything else puts the
 * current page back.
 */
function PageNumber({
  page,
  pages,
  disabled,
  onPageChange,
}: {
  page: number;
  pages: number;
  disabled: boolean;
  onPageChange: (page: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(page));

  function go() {
    const typed = /^\s*\d{1,9}\s*$/u.test(text) ? Number(text) : Number.NaN;
    if (disabled || !Number.isFinite(typed)) {
      setText(String(page));
      return;
    }
    const target = Math.min(Math.max(typed, 1), pages);
    setText(String(target));
    if (target !== page) onPageChange(target);
  }

  return (
    <div className="flex items-center gap-1.5 px-1 whitespace-nowrap tabular-nums">
      <label htmlFor={id}>Page</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        enterKeyHint="go"
        aria-describedby={`${id}-of`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            go();
          }
          if (event.key === 'Escape') setText(String(page));
        }}
        onBlur={go}
        onFocus={(event) => event.target.select()}
        size={Math.max(2, String(pages).length)}
        className="h-8 min-w-10 rounded-md border border-border-input bg-surface px-1.5 text-center text-sm text-fg tabular-nums outline-none focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring max-sm:h-9"
      />
      <span id={`${id}-of`}>of {formatCount(pages)}</span>
    </div>
  );
}

/**
 * First, previous, next or last. At the ends (and while `disabled`) it is aria-disabled rather than disabled:
 * pressing Next onto the last page would otherwise disable the focused button, and the browser
 * drops focus to the page. It stays focusable, says it is unavailable, and ignores presses.
 */
function PageButton({
  label,
  off,
  onPress,
  children,
}: {
  label: string;
  off: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className="w-8 px-0 max-sm:size-9 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-surface"
      aria-label={label}
      title={label}
      aria-disabled={off || undefined}
      onClick={off ? undefined : onPress}
    >
      {children}
    </Button>
  );
}
