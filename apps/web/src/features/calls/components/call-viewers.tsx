// "Leo is viewing": the colleagues who have this call open in another tab (presence,
// docs/live-updates.md, "Client"), as initials with their names beside (full names in each
// avatar's label and title). Oneself is left out.
import { useViewers, type Viewer } from '../api/call-presence.ts';
import { initials, memberName } from '../people.ts';

const SHOWN = 3;

function firstOf(viewer: Viewer): string {
  return viewer.first_name.trim() || memberName(viewer);
}

export function viewersSentence(viewers: readonly Viewer[]): string {
  const names = viewers.map(firstOf);
  if (names.length === 1) return `${names[0] ?? ''} is viewing`;
  if (names.length === 2) return `${names[0] ?? ''} and ${names[1] ?? ''} are viewing`;
  const others = names.length - 2;
  return `${names.slice(0, 2).join(', ')} and ${others} ${others === 1 ? 'other' : 'others'} are viewing`;
}

export function CallViewers({
  callId,
  currentUserId,
}: {
  callId: string;
  currentUserId: string | null;
}) {
  const viewers = useViewers(callId);
  const others = (viewers.data ?? []).filter((viewer) => viewer.id !== currentUserId);
  return (
    // Polite: a colleague opening the call is worth hearing, not worth interrupting for.
    <div role="status" aria-live="polite" className="min-h-7">
      {others.length > 0 ? (
        <div className="flex items-center gap-2">
          <ul className="flex gap-1">
            {others.slice(0, SHOWN).map((viewer) => (
              <li key={viewer.id}>
                <span
                  role="img"
                  aria-label={memberName(viewer)}
                  title={`${memberName(viewer)} is viewing`}
                  className="inline-flex size-7 items-center justify-center rounded-full bg-accent-soft text-[11px] font-semibold text-accent-text ring-2 ring-canvas"
                >
                  {initials(viewer)}
                </span>
              </li>
            ))}
            {others.length > SHOWN ? (
              <li>
                <span
                  role="img"
                  aria-label={`and ${others.length - SHOWN} more`}
                  className="inline-flex size-7 items-center justify-center rounded-full bg-surface-muted text-[11px] font-semibold text-fg-muted ring-2 ring-canvas"
                >
                  +{others.length - SHOWN}
                </span>
              </li>
            ) : null}
          </ul>
          <p className="text-sm text-fg-muted">{viewersSentence(others)}</p>
        </div>
      ) : null}
    </div>
  );
}
