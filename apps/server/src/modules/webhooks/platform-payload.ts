// What the platform modules (retell.ts, vapi.ts) make of a verified body: a call to store, in the
// ingestion API's shape, or an event Callboard acknowledges and ignores. Helpers to read untyped
// JSON without trusting its shape.
import type { IngestCall } from '@callboard/contract';

export type Reading =
  | { kind: 'call'; eventType: string; platformCallId: string; call: Record<string, unknown> }
  | { kind: 'ignored'; eventType: string | null; platformCallId: string | null }
  /** A call event the platform sent without what a call needs: answered 422. */
  | { kind: 'unusable'; eventType: string; platformCallId: string | null; problem: string };

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const objectAt = (value: unknown, key: string): JsonObject | undefined => {
  const found = isObject(value) ? value[key] : undefined;
  return isObject(found) ? found : undefined;
};

export const stringAt = (value: unknown, key: string): string | undefined => {
  const found = isObject(value) ? value[key] : undefined;
  return typeof found === 'string' && found.trim() !== '' ? found : undefined;
};

export const numberAt = (value: unknown, key: string): number | undefined => {
  const found = isObject(value) ? value[key] : undefined;
  return typeof found === 'number' && Number.isFinite(found) ? found : undefined;
};

type Turn = NonNullable<IngestCall['transcript']>[number];

/**
 * A plain-text transcript, one turn a line as both platforms write it ("Agent: …", "User: …",
 * "AI: …"): the speaker from the label, no times (0). A line without a known label continues the
 * turn before it. Empty when no line has a label.
 */
export function plainTranscript(text: string, agentLabels: string[]): Turn[] {
  const turns: Turn[] = [];
  for (const line of text.split(/\r?\n/u)) {
    const match = /^\s*([A-Za-z]+)\s*:\s?(.*)$/u.exec(line);
    const label = match?.[1]?.toLowerCase();
    if (match && label && (agentLabels.includes(label) || label === 'user')) {
      turns.push({
        speaker: label === 'user' ? 'caller' : 'agent',
        text: match[2] ?? '',
        at_seconds: 0,
      });
    } else if (line.trim() !== '' && turns.length > 0) {
      const last = turns[turns.length - 1];
      if (last) last.text = `${last.text}\n${line}`;
    }
  }
  return turns;
}

/** Numbers a web call does not have. */
export const WEB_CALL_NUMBER = 'web';
/** A phone number the platform left out. */
export const UNKNOWN_NUMBER = 'unknown';
