import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCount } from '../../lib/format.ts';
import { Button } from './button.tsx';
import { IconChevronLeft, IconChevronRight } from './icons.tsx';
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

/** "1–100 of 1,234", a page-size choice, and previous/next. */
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
        <div className="flex items-center gap-2">
          <PageButton
            label="Previous page"
            off={disabled || page <= 1}
            onPress={() => onPageChange(Math.min(page - 1, pages))}
          >
            <IconChevronLeft />
          </PageButton>
          <span className="min-w-20 text-center whitespace-nowrap tabular-nums">
            Page {formatCount(page)} of {formatCount(pages)}
          </span>
          <PageButton
            label="Next page"
            off={disabled || page >= pages}
            onPress={() => onPageChange(page + 1)}
          >
            <IconChevronRight />
          </PageButton>
        </div>
        {children}
      </div>
    </nav>
  );
}

/**
 * Previous or next. At the ends (and while `disabled`) it is aria-disabled rather than disabled:
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
