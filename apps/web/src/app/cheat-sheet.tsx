// The keyboard shortcuts dialog ('?'): every shortcut, by where it works. Each screen declares its
// own list (lib/shortcuts.ts says how); this dialog only reads them. Loaded on first use.
import { Fragment } from 'react';
import { Dialog, DialogContent } from '../components/ui/dialog.tsx';
import { CALL_PAGE_SHORTCUTS } from '../features/calls/call-page-shortcuts.ts';
import { LIST_SHORTCUTS } from '../features/calls/list-shortcuts.ts';
import { keyLabel, type Shortcut } from '../lib/shortcuts.ts';
import { GLOBAL_SHORTCUTS } from './global-shortcuts.ts';

const SECTIONS: { title: string; shortcuts: readonly Shortcut[] }[] = [
  { title: 'Everywhere', shortcuts: Object.values(GLOBAL_SHORTCUTS) },
  { title: 'Call list', shortcuts: LIST_SHORTCUTS },
  { title: 'Call page', shortcuts: CALL_PAGE_SHORTCUTS },
];

/** Shortcuts that do the same thing share a row: "Enter or o". */
function byDescription(shortcuts: readonly Shortcut[]) {
  const rows = new Map<string, Shortcut['keys'][]>();
  for (const shortcut of shortcuts) {
    rows.set(shortcut.description, [...(rows.get(shortcut.description) ?? []), shortcut.keys]);
  }
  return [...rows];
}

function sectionId(title: string) {
  return `shortcuts-${title.toLowerCase().replaceAll(' ', '-')}`;
}

/** Held with the key after them, rather than pressed before it. */
const MODIFIERS = new Set(['Shift', 'Ctrl', 'Alt', 'Mod', 'Meta']);

const KEY_NAMES: Record<string, string> = { Escape: 'Esc', ArrowUp: '↑', ArrowDown: '↓' };

export function CheatSheet({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title="Keyboard shortcuts"
        description="They work whenever you are not typing in a field."
        size="lg"
        textOnly
      >
        <div className="grid gap-x-8 gap-y-6 md:grid-cols-2">
          {SECTIONS.map((section) => (
            <section key={section.title} aria-labelledby={sectionId(section.title)}>
              <h3
                id={sectionId(section.title)}
                className="mb-2 text-xs font-medium tracking-wide text-fg-muted uppercase"
              >
                {section.title}
              </h3>
              <dl className="divide-y divide-border">
                {byDescription(section.shortcuts).map(([description, alternatives]) => (
                  <div key={description} className="flex items-center justify-between gap-4 py-2">
                    <dt className="min-w-0 text-sm text-fg">{description}</dt>
                    <dd className="flex shrink-0 flex-wrap items-center justify-end gap-1 text-xs text-fg-muted">
                      {alternatives.map((keys, index) => (
                        <Fragment key={keys.join(' ')}>
                          {index > 0 ? <span className="px-0.5">or</span> : null}
                          <Keys keys={keys} />
                        </Fragment>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** One shortcut's keys: "g then d", "Ctrl K". */
function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="inline-flex items-center gap-1">
      {keys.map((key, index) => (
        <Fragment key={`${key}-${String(index)}`}>
          {index > 0 ? (
            <span className="px-0.5">{MODIFIERS.has(keys[index - 1] ?? '') ? '+' : 'then'}</span>
          ) : null}
          {keyLabel(key).map((part) => (
            <kbd
              key={part}
              className="inline-flex h-6 min-w-6 items-center justify-center rounded-md border border-border bg-surface-muted px-1.5 font-sans text-xs font-medium text-fg shadow-xs"
            >
              {KEY_NAMES[part] ?? part}
            </kbd>
          ))}
        </Fragment>
      ))}
    </span>
  );
}
