// Tells the server which call this tab shows (docs/live-updates.md, "Client"), named by the live
// stream's id: on opening the page, again after every reconnect (a new stream, a new id), and
// null on leaving. The server drops a tab's presence with its stream, so a closed tab needs
// nothing more.
import { useEffect } from 'react';
import { getLiveState, useLiveState } from '../../../lib/live-updates.ts';
import { putPresence } from '../api/call-presence.ts';

function ignore(): undefined {
  // Presence is a courtesy to colleagues: a failure costs this page nothing.
  return undefined;
}

export function useCallPresence(callId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { streamId } = useLiveState();
  useEffect(() => {
    if (!enabled || streamId === null) return;
    putPresence(streamId, callId).catch(ignore);
    return () => {
      // Left the page on the same stream: say so. A lost stream took its presence with it.
      if (getLiveState().streamId === streamId) putPresence(streamId, null).catch(ignore);
    };
  }, [enabled, streamId, callId]);
}
