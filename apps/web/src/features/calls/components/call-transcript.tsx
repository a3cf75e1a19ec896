import type { TranscriptTurn } from '@callboard/contract';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { IconChevronDown, IconSearch, IconX } from '../../../components/ui/icons.tsx';
import { inputClassName } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDuration } from '../../../lib/format.ts';
import type { RecordingPlayer } from '../hooks/use-recording-player.ts';
import { highlightSegments, searchTerms, type HighlightSegment } from '../lib/highlight.ts';

export interface CallTranscriptProps {
  turns: readonly TranscriptTurn[];
  agentName: string;
  callerName: string;
  /** The call's recording, when it has one: each turn's time then plays from there. */
  player?: RecordingPlayer | null;
  /** A search to start with (the list's, when the call was opened from a search). */
  initialQuery?: string;
  className?: string;
}

/** After the user scrolls the transcript themselves, it stops following playback this long. */
const USER_SCROLL_PAUSE_MS = 4000;

function speakerLabel(speaker: string, agentName: string, callerName: string): string {
  if (speaker === 'agent') return agentName;
  if (speaker === 'caller') return callerName;
  return speaker.charAt(0).toUpperCase() + speaker.slice(1);
}

/** "PT1M5S": the machine-readable form of an offset, for <time>. */
function isoDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `PT${Math.floor(whole / 60)}M${whole % 60}S`;
}

/** The turn being played: the last one that has started by `time`. */
export function currentTurnIndex(turns: readonly TranscriptTurn[], time: number): number {
  let current = -1;
  for (const [index, turn] of turns.entries()) {
    if (turn.at_seconds <= time + 0.05) current = index;
    else break;
  }
  return current;
}

/**
 * Brings a turn or hit into view inside the transcript's own panel when it scrolls (wide
 * screens), so the rest of the page stays put; otherwise (phones) by scrolling the page.
 */
function reveal(
  item: Element,
  scroller: HTMLElement | null,
  block: 'center' | 'nearest',
  behavior: ScrollBehavior,
): void {
  if (!scroller || scroller.scrollHeight <= scroller.clientHeight + 1) {
    item.scrollIntoView({ block, behavior });
    return;
  }
  const box = scroller.getBoundingClientRect();
  const rect = item.getBoundingClientRect();
  const top = rect.top - box.top + scroller.scrollTop;
  const margin = 16;
  let target: number;
  if (block === 'center') {
    target = top - (scroller.clientHeight - rect.height) / 2;
  } else if (rect.top < box.top + margin) {
    target = top - margin;
  } else if (rect.bottom > box.bottom - margin) {
    target = top + rect.height - scroller.clientHeight + margin;
  } else {
    return;
  }
  scroller.scrollTo({ top: Math.max(0, target), behavior });
}

interface SearchState {
  /** Each turn's text in segments, each hit numbered in reading order. */
  segments: (HighlightSegment & { hitNumber: number })[][];
  count: number;
}

function searchTurns(turns: readonly TranscriptTurn[], query: string): SearchState {
  const terms = searchTerms(query);
  let count = 0;
  const segments = turns.map((turn) =>
    highlightSegments(turn.text, terms).map((part) => ({
      ...part,
      hitNumber: part.hit ? count++ : -1,
    })),
  );
  return { segments, count };
}

/** Scrolling the user does themselves (wheel, touch, keys), as opposed to the page following playback. */
function useUserScrollTime(): { current: number } {
  const last = useRef(0);
  useEffect(() => {
    const mark = () => {
      last.current = Date.now();
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '].includes(event.key))
        mark();
    };
    window.addEventListener('wheel', mark, { passive: true });
    window.addEventListener('touchmove', mark, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('wheel', mark);
      window.removeEventListener('touchmove', mark);
      window.removeEventListener('keydown', onKey);
    };
  }, []);
  return last;
}

function TranscriptSearch({
  query,
  onQueryChange,
  active,
  count,
  onStep,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  active: number;
  count: number;
  onStep: (direction: 1 | -1) => void;
}) {
  const id = useId();
  const searching = searchTerms(query).length > 0;
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      onStep(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape' && query) {
      // Clears the search; a second Esc is the page's again.
      event.preventDefault();
      onQueryChange('');
    }
  }
  const stepButton =
    'inline-flex size-8 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-ring';
  return (
    <div className="flex items-center gap-1.5" role="search" aria-label="Transcript">
      <div className="relative min-w-0 flex-1">
        <IconSearch className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-fg-subtle" />
        <label htmlFor={id} className="sr-only">
          Search the transcript
        </label>
        <input
          id={id}
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Search the transcript"
          autoComplete="off"
          aria-describedby={`${id}-count`}
          className={cn(inputClassName, 'h-9 pr-2 pl-8 [&::-webkit-search-cancel-button]:hidden')}
        />
      </div>
      <p
        id={`${id}-count`}
        role="status"
        className={cn(
          'min-w-16 text-right text-xs whitespace-nowrap tabular-nums',
          searching && count === 0 ? 'text-danger-fg' : 'text-fg-muted',
        )}
      >
        {searching ? (count === 0 ? 'No matches' : `${active + 1} of ${count}`) : ''}
      </p>
      <button
        type="button"
        className={stepButton}
        onClick={() => onStep(-1)}
        disabled={count === 0}
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
      >
        <IconChevronDown className="size-4 rotate-180" />
      </button>
      <button
        type="button"
        className={stepButton}
        onClick={() => onStep(1)}
        disabled={count === 0}
        aria-label="Next match"
        title="Next match (Enter)"
      >
        <IconChevronDown className="size-4" />
      </button>
      {query ? (
        <button
          type="button"
          // Phones have the keyboard's delete key, and the row needs the room.
          className={cn(stepButton, 'max-sm:hidden')}
          onClick={() => onQueryChange('')}
          aria-label="Clear the search"
          title="Clear the search"
        >
          <IconX className="size-4" />
        </button>
      ) : null}
    </div>
  );
}

/**
 * The conversation, turn by turn, with a search over it. The agent's turns sit on the left in the
 * accent tint, the caller's on the right in grey; each is also labelled with the speaker's name,
 * so the two are told apart without colour or position. With a recording, each turn's time plays
 * the call from there, and the turn being played is marked (and kept in view, unless the user is
 * scrolling the transcript themselves).
 */
export function CallTranscript({
  turns,
  agentName,
  callerName,
  player = null,
  initialQuery = '',
  className,
}: CallTranscriptProps) {
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const search = useMemo(() => searchTurns(turns, query), [turns, query]);
  const count = search.count;
  const activeHit = count > 0 ? Math.min(active, count - 1) : -1;
  const listRef = useRef<HTMLOListElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const userScrolledAt = useUserScrollTime();

  const current = player?.started ? currentTurnIndex(turns, player.time) : -1;

  // The active hit, brought into view when it changes (typing, Enter, the arrows).
  // On arrival with words from a search, the page scrolls too: to the whole transcript panel,
  // with the hit in its middle, where the panel scrolls on its own (wide screens); to the hit
  // otherwise (reveal does). Later only the panel scrolls, and the search field stays put.
  const activeKey = activeHit >= 0 ? `${query}\u0000${activeHit}` : null;
  const arrived = useRef(false);
  useEffect(() => {
    if (activeKey === null) return;
    const mark = listRef.current?.querySelector('mark[data-active-hit]');
    if (!mark) return;
    const scroller = scrollerRef.current;
    reveal(mark, scroller, 'center', 'auto');
    const panelScrolls = scroller !== null && scroller.scrollHeight > scroller.clientHeight + 1;
    if (!arrived.current && initialQuery && panelScrolls) {
      scroller.scrollIntoView({ block: 'nearest', behavior: 'auto' });
    }
    arrived.current = true;
  }, [activeKey, initialQuery]);

  // The turn being played follows playback, unless the user scrolled a moment ago.
  const playing = player?.playing ?? false;
  useEffect(() => {
    if (current < 0 || !playing) return;
    if (Date.now() - userScrolledAt.current < USER_SCROLL_PAUSE_MS) return;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-turn-index="${current}"]`);
    if (item) reveal(item, scrollerRef.current, 'nearest', 'smooth');
  }, [current, playing, userScrolledAt]);

  function step(direction: 1 | -1) {
    if (count === 0) return;
    setActive((activeHit + direction + count) % count);
  }

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <div className="border-b border-border px-4 pb-3 sm:px-5">
        <TranscriptSearch
          query={query}
          onQueryChange={(next) => {
            setQuery(next);
            setActive(0);
          }}
          active={Math.max(0, activeHit)}
          count={count}
          onStep={step}
        />
      </div>
      {/* Focusable, so that the keyboard can scroll a transcript that has no links or buttons. */}
      <div
        ref={scrollerRef}
        role="region"
        aria-label="Transcript turns"
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-5"
      >
        <ol ref={listRef} aria-label="Transcript" className="space-y-3">
          {turns.map((turn, index) => {
            const agent = turn.speaker === 'agent';
            const isCurrent = index === current;
            const label = speakerLabel(turn.speaker, agentName, callerName);
            const parts: ReactNode[] = (search.segments[index] ?? []).map((part, partIndex) => {
              if (!part.hit) return part.text;
              const isActive = part.hitNumber === activeHit;
              return (
                <mark
                  key={partIndex}
                  data-active-hit={isActive ? '' : undefined}
                  className={cn(
                    'rounded-sm px-0.5 text-fg',
                    isActive
                      ? 'bg-warning-border ring-2 ring-warning-fg/60'
                      : 'bg-warning-bg ring-1 ring-warning-border',
                  )}
                >
                  {part.text}
                </mark>
              );
            });
            const time = (
              <time dateTime={isoDuration(turn.at_seconds)} className="tabular-nums">
                {formatDuration(turn.at_seconds)}
              </time>
            );
            return (
              <li
                key={index}
                data-turn-index={index}
                aria-current={isCurrent ? 'true' : undefined}
                className={cn(
                  'flex scroll-my-6',
                  agent ? 'justify-start pr-6 sm:pr-12' : 'justify-end pl-6 sm:pl-12',
                )}
              >
                <div
                  className={cn(
                    'min-w-0 rounded-2xl border px-3.5 py-2.5 transition-shadow',
                    agent
                      ? 'rounded-tl-md border-info-border/70 bg-accent-soft'
                      : 'rounded-tr-md border-border bg-surface-muted',
                    isCurrent && 'ring-2 ring-accent ring-offset-2 ring-offset-surface',
                  )}
                >
                  <p className="flex items-baseline gap-2 text-xs">
                    <span className={cn('font-semibold', agent ? 'text-accent-text' : 'text-fg')}>
                      {label}
                    </span>
                    {player ? (
                      <button
                        type="button"
                        onClick={() => player.playFrom(turn.at_seconds)}
                        aria-label={`Play from ${formatDuration(turn.at_seconds)}`}
                        className="-mx-1 rounded px-1 text-fg-muted underline decoration-dotted underline-offset-2 hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        {time}
                      </button>
                    ) : (
                      <span className="text-fg-muted">{time}</span>
                    )}
                    {isCurrent ? (
                      <span className="font-medium text-accent-text">
                        {playing ? 'Playing' : 'Paused'}
                      </span>
                    ) : null}
                  </p>
                  <p className="mt-1 text-sm leading-6 break-words whitespace-pre-wrap text-fg">
                    {parts}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
