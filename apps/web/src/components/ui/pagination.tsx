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
          <Select
            id={sizeId}
            value={pageSize}
            disabled={disabled}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
            wrapperClassName="w-24"
            className="h-9"
          >
            {pageSizeOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            className="size-9 px-0"
            aria-label="Previous page"
            title="Previous page"
            disabled={disabled || page <= 1}
            onClick={() => onPageChange(Math.min(page - 1, pages))}
          >
            <IconChevronLeft />
          </Button>
          <span className="min-w-20 text-center whitespace-nowrap tabular-nums">
            Page {formatCount(page)} of {formatCount(pages)}
          </span>
          <Button
            variant="secondary"
            size="sm"
            className="size-9 px-0"
            aria-label="Next page"
            title="Next page"
            disabled={disabled || page >= pages}
            onClick={() => onPageChange(page + 1)}
          >
            <IconChevronRight />
          </Button>
        </div>
        {children}
      </div>
    </nav>
  );
}
