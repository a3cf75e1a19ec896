// "3 new calls": shown over the list when calls arrived while it was being read
// (hooks/use-new-calls.ts). It sticks below the header so it is seen wherever the reader is;
// pressing it shows the newest calls from the top.
import { IconArrowUp } from '../../../components/ui/icons.tsx';
import { formatCount } from '../../../lib/format.ts';

export function newCallsLabel(count: number): string {
  return `${formatCount(count)} new ${count === 1 ? 'call' : 'calls'}`;
}

export function NewCallsBar({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    // Always present, so that screen readers announce the bar when it appears (polite).
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none sticky top-28 z-20 flex h-0 justify-center md:top-16"
    >
      {count > 0 ? (
        <button
          type="button"
          onClick={onShow}
          className="pointer-events-auto -mt-1 inline-flex h-9 items-center gap-2 rounded-full bg-accent px-4 text-sm font-medium text-accent-fg shadow-lg ring-1 ring-black/5 transition-colors hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring motion-safe:animate-[appear_160ms_ease-out]"
        >
          <IconArrowUp className="size-4" />
          {newCallsLabel(count)}
        </button>
      ) : null}
    </div>
  );
}
