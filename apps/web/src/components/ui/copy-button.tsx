// A small button that copies a value (a call id, a phone number) and says so: its icon turns into
// a tick and "Copied" is announced, for two seconds. If the browser refuses, it says that too.
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { IconCheck, IconCopy } from './icons.tsx';

const FEEDBACK_MS = 2000;

export interface CopyButtonProps {
  value: string;
  /** What is copied, for the button's name: "Copy call ID". */
  label: string;
  className?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

export function CopyButton({ value, label, className }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      if (typeof navigator.clipboard === 'undefined') throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), FEEDBACK_MS);
  }

  const message = state === 'copied' ? 'Copied' : state === 'failed' ? "Couldn't copy" : '';
  return (
    <span className="relative inline-flex shrink-0 items-center">
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={label}
        title={label}
        className={cn(
          'inline-flex size-7 items-center justify-center rounded-md text-fg-subtle transition-colors hover:bg-surface-muted hover:text-fg',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
          state === 'copied' && 'text-success-fg hover:text-success-fg',
          className,
        )}
      >
        {state === 'copied' ? (
          <IconCheck className="size-3.5" />
        ) : (
          <IconCopy className="size-3.5" />
        )}
      </button>
      {/* Always present, so that the change is heard. */}
      <span
        role="status"
        className={cn(
          'pointer-events-none absolute top-1/2 left-full ml-1 -translate-y-1/2 rounded-md px-1.5 py-0.5 text-xs font-medium whitespace-nowrap',
          state === 'idle' ? 'sr-only' : 'bg-fg text-canvas shadow-sm',
        )}
      >
        {message}
      </span>
    </span>
  );
}
