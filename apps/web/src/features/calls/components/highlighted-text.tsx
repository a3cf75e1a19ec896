import type { TextHit } from '../lib/highlight.ts';
import { splitHighlights } from '../lib/highlight.ts';

export interface HighlightedTextProps {
  text: string;
  hits: readonly TextHit[];
}

/** Text with a search's hits as <mark>: the text stays text, whatever it contains. */
export function HighlightedText({ text, hits }: HighlightedTextProps) {
  if (hits.length === 0) return text;
  return splitHighlights(text, hits).map((segment, index) =>
    segment.hit ? (
      <mark key={index} className="rounded-sm bg-highlight px-px text-highlight-fg">
        {segment.text}
      </mark>
    ) : (
      segment.text
    ),
  );
}
