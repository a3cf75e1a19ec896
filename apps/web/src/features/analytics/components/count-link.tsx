import { Link } from 'react-router';
import { formatCount } from '../../../lib/format.ts';
import { cn } from '../../../lib/cn.ts';

/**
 * A count in a table that opens the calls it counted. Its name reads in full ("7 closed calls on
 * 12 Nov"), starting with the number shown. Zero is plain text: there is nothing to open.
 */
export function CountLink({
  value,
  href,
  label,
  className,
}: {
  value: number;
  href: string | null;
  /** What is counted, after the number, in the plural: "closed calls on 12 Nov 2026". */
  label: string;
  className?: string;
}) {
  const text = formatCount(value);
  if (value === 0 || !href) {
    return <span className={cn('tabular-nums text-fg-muted', className)}>{text}</span>;
  }
  return (
    <Link
      to={href}
      aria-label={`${text} ${value === 1 ? label.replace(/\bcalls\b/u, 'call') : label}`}
      className={cn(
        'rounded-sm font-medium text-accent-text tabular-nums underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      {text}
    </Link>
  );
}
