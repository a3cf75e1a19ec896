import { cn } from '../../lib/cn.ts';

/** Callboard's mark: a call's waveform on the accent tile. Decorative; name the product in text. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn('size-8 text-accent', className)}
    >
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <g fill="#fff">
        <rect x="7" y="13" width="2.5" height="6" rx="1.25" />
        <rect x="11.5" y="9" width="2.5" height="14" rx="1.25" />
        <rect x="16" y="11.5" width="2.5" height="9" rx="1.25" />
        <rect x="20.5" y="7.5" width="2.5" height="17" rx="1.25" />
        <rect x="25" y="13.5" width="2" height="5" rx="1" opacity="0.7" />
      </g>
    </svg>
  );
}

/** The mark with the product name beside it. */
export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="text-[17px] font-semibold tracking-tight text-fg">Callboard</span>
    </span>
  );
}
