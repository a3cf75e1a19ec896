// The call's recording: the browser's own player (keyboard and screen-reader ready) and a speed
// choice. The transcript drives it too (see use-recording-player.ts).
import { useState } from 'react';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import {
  PLAYBACK_RATES,
  type PlaybackRate,
  type RecordingPlayer,
} from '../hooks/use-recording-player.ts';

const RATE_LABELS: Record<PlaybackRate, string> = {
  '1': '1×',
  '1.25': '1.25×',
  '1.5': '1.5×',
  '2': '2×',
};

export function CallRecording({ url, player }: { url: string; player: RecordingPlayer }) {
  const [failed, setFailed] = useState(false);
  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <audio
          {...player.audioProps}
          controls
          preload="metadata"
          src={url}
          onError={() => setFailed(true)}
          className="h-10 w-full min-w-0 sm:flex-1"
          aria-label="Call recording"
        />
        <SegmentedControl
          legend="Playback speed"
          hideLegend
          className="w-full shrink-0 sm:w-56"
          value={player.rate}
          onValueChange={player.setRate}
          options={PLAYBACK_RATES.map((rate) => ({ value: rate, label: RATE_LABELS[rate] }))}
        />
      </div>
      {failed ? (
        <p className="mt-2 text-sm text-danger-fg">
          The recording couldn't be played here.{' '}
          <a href={url} target="_blank" rel="noreferrer" className="font-medium underline">
            Open it in a new tab
          </a>
        </p>
      ) : null}
    </div>
  );
}
