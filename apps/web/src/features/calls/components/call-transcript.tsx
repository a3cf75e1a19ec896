import type { TranscriptTurn } from '@callboard/contract';
import { useEffect, useRef } from 'react';
import { cn } from '../../../lib/cn.ts';
import { formatOffset } from '../../../lib/format.ts';
import { findWordHits } from '../lib/highlight.ts';
import { HighlightedText } from './highlighted-text.tsx';

export interface CallTranscriptProps {
  turns: readonly TranscriptTurn[];
  agentName: string;
  callerName: string;
  /**
   * A search's words (lib/highlight.ts, searchWords), marked in the turns; the first hit is
   * scrolled into view.
   */
  highlight?: readonly string[];
}

const NO_WORDS: readonly string[] = [];

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

/**
 * The conversation, turn by turn. The agent's turns sit on the left in the accent tint, the
 * caller's on the right in grey; each is also labelled with the speaker's name, so the two are
 * told apart without colour or position.
 */
export function CallTranscript({
  turns,
  agentName,
  callerName,
  highlight = NO_WORDS,
}: CallTranscriptProps) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (highlight.length === 0) return;
    listRef.current?.querySelector('mark')?.scrollIntoView({ block: 'center' });
  }, [highlight, turns]);
  return (
    <ol ref={listRef} aria-label="Transcript" className="space-y-3">
      {turns.map((turn, index) => {
        const agent = turn.speaker === 'agent';
        return (
          <li
            key={index}
            className={cn(
              'flex',
              agent ? 'justify-start pr-6 sm:pr-12' : 'justify-end pl-6 sm:pl-12',
            )}
          >
            <div
              className={cn(
                'min-w-0 rounded-2xl border px-3.5 py-2.5',
                agent
                  ? 'rounded-tl-md border-info-border/70 bg-accent-soft'
                  : 'rounded-tr-md border-border bg-surface-muted',
              )}
            >
              <p className="flex items-baseline gap-2 text-xs">
                <span className={cn('font-semibold', agent ? 'text-accent-text' : 'text-fg')}>
                  {speakerLabel(turn.speaker, agentName, callerName)}
                </span>
                <time
                  dateTime={isoDuration(turn.at_seconds)}
                  className="text-fg-muted tabular-nums"
                >
                  {formatOffset(turn.at_seconds)}
                </time>
              </p>
              <p className="mt-1 text-sm leading-6 break-words whitespace-pre-wrap text-fg">
                <HighlightedText text={turn.text} hits={findWordHits(turn.text, highlight)} />
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
