import { useEffect, type RefObject } from 'react';

/** Moves focus to `ref` each time a new `error` appears (so it is read out and seen). */
export function useFocusOnError(ref: RefObject<HTMLElement | null>, error: unknown): void {
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [ref, error]);
}
