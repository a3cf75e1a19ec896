// The call page's keys (call-page-shortcuts.ts lists them): `[` and `]` step through the list the
// call was opened from, Esc goes back to it. Never while typing in a field, and Esc never while a
// dialog, menu or list box is open (they close on Esc themselves).
import { useEffect, useRef } from 'react';
import { isTypingTarget } from '../../../lib/shortcuts.ts';

const OPEN_LAYER = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

export interface CallPageKeyHandlers {
  onPrevious: () => void;
  onNext: () => void;
  onBack: () => void;
}

export function useCallPageKeys(handlers: CallPageKeyHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === '[') {
        event.preventDefault();
        latest.current.onPrevious();
      } else if (event.key === ']') {
        event.preventDefault();
        latest.current.onNext();
      } else if (event.key === 'Escape' && !document.querySelector(OPEN_LAYER)) {
        event.preventDefault();
        latest.current.onBack();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
