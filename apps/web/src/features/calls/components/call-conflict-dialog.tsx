// What the user sees when their change was refused because a colleague changed the call first
// (docs/live-updates.md, "Conflicts"): both sides in words, and a choice. The call on screen is
// already the colleague's version; "Keep theirs" just closes, "Apply mine" sends the user's change
// again on the version they now see (and may meet another conflict, shown the same way).
import type { CallChangedBy } from '@callboard/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';

/** A refused change, in words. */
export interface ConflictPrompt {
  /** Who changed the call first: "Mia", "You (elsewhere)" or "Someone". */
  who: string;
  /** Their side: "Mia set the status to Closed." */
  theirs: string;
  /** The user's side: "You chose In progress." */
  mine: string;
}

/** The name a conflict gives the colleague who changed the call first. */
export function conflictAuthor(changedBy: CallChangedBy | null, currentUserId: string | null) {
  if (!changedBy) return 'Someone';
  // The same user in another tab or on another device.
  if (changedBy.id === currentUserId) return 'You (elsewhere)';
  return changedBy.first_name.trim() || changedBy.last_name.trim() || 'Someone';
}

export interface CallConflictDialogProps {
  /** The conflict to ask about; null when there is none (closed). */
  prompt: ConflictPrompt | null;
  onKeepTheirs: () => void;
  onApplyMine: () => void;
}

export function CallConflictDialog({ prompt, onKeepTheirs, onApplyMine }: CallConflictDialogProps) {
  return (
    <Dialog
      open={prompt !== null}
      onOpenChange={(open) => {
        // Escape, the close button or a click outside: nothing is applied, theirs stays.
        if (!open) onKeepTheirs();
      }}
    >
      {prompt ? (
        <DialogContent
          title={`${prompt.who} changed this a moment ago`}
          description="Your change wasn't saved, so nothing was overwritten."
          footer={
            <>
              <DialogClose asChild>
                {/* First focus on the answer that changes nothing. */}
                <Button variant="secondary" autoFocus>
                  Keep theirs
                </Button>
              </DialogClose>
              <Button onClick={onApplyMine}>Apply mine</Button>
            </>
          }
        >
          <dl className="space-y-3 text-sm leading-6">
            <div className="rounded-lg border border-border bg-surface-muted px-3 py-2">
              <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">
                Now on the call
              </dt>
              <dd className="text-fg">{prompt.theirs}</dd>
            </div>
            <div className="rounded-lg border border-info-border bg-accent-soft px-3 py-2">
              <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">
                Your change
              </dt>
              <dd className="text-fg">{prompt.mine}</dd>
            </div>
          </dl>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
