import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { useTheme, type Theme } from '../../lib/theme.ts';
import { IconMonitor, IconMoon, IconSun } from './icons.tsx';

const OPTIONS: { value: Theme; label: string; icon: ReactNode }[] = [
  { value: 'light', label: 'Light theme', icon: <IconSun className="size-3.5" /> },
  { value: 'dark', label: 'Dark theme', icon: <IconMoon className="size-3.5" /> },
  { value: 'system', label: 'System theme', icon: <IconMonitor className="size-3.5" /> },
];

/** Light / dark / system, as three toggle buttons. */
export function ThemeSwitcher({ className }: { className?: string }) {
  const [theme, setTheme] = useTheme();
  return (
    <div
      role="group"
      aria-label="Theme"
      className={cn(
        'inline-flex items-center gap-0.5 rounded-full border border-border bg-surface p-0.5',
        className,
      )}
    >
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={theme === option.value}
          aria-label={option.label}
          title={option.label}
          onClick={() => setTheme(option.value)}
          className={cn(
            'flex size-7 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            theme === option.value
              ? 'bg-surface-muted text-fg shadow-xs ring-1 ring-border'
              : 'text-fg-subtle hover:text-fg',
          )}
        >
          {option.icon}
        </button>
      ))}
    </div>
  );
}
