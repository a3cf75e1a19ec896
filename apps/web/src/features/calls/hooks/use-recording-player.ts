// One call's recording as the page drives it: where playback is (for the transcript's current
// turn), whether it plays, its speed, and "play from here" for the transcript's times.
import { useCallback, useMemo, useRef, useState, type RefObject, type SyntheticEvent } from 'react';

export const PLAYBACK_RATES = ['1', '1.25', '1.5', '2'] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

type AudioHandler = (event: SyntheticEvent<HTMLAudioElement>) => void;

export interface RecordingPlayer {
  audioRef: RefObject<HTMLAudioElement | null>;
  /** Spread on the <audio> element. */
  audioProps: {
    ref: RefObject<HTMLAudioElement | null>;
    onTimeUpdate: AudioHandler;
    onSeeked: AudioHandler;
    onPlay: AudioHandler;
    onPause: AudioHandler;
    onEnded: AudioHandler;
  };
  /** Playback position in seconds. */
  time: number;
  playing: boolean;
  /** Playback has begun at least once (the transcript follows it from then on). */
  started: boolean;
  rate: PlaybackRate;
  setRate: (rate: PlaybackRate) => void;
  /** Moves to `seconds` and plays. */
  playFrom: (seconds: number) => void;
}

export function useRecordingPlayer(): RecordingPlayer {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const [rate, setRateState] = useState<PlaybackRate>('1');

  const audioProps = useMemo<RecordingPlayer['audioProps']>(() => {
    const onTime = (event: SyntheticEvent<HTMLAudioElement>) =>
      setTime(event.currentTarget.currentTime);
    const onStop = () => setPlaying(false);
    return {
      ref: audioRef,
      onTimeUpdate: onTime,
      onSeeked: onTime,
      onPlay: () => {
        setPlaying(true);
        setStarted(true);
      },
      onPause: onStop,
      onEnded: onStop,
    };
  }, []);

  const setRate = useCallback((next: PlaybackRate) => {
    setRateState(next);
    const audio = audioRef.current;
    if (!audio) return;
    // Both: loading the file again would reset the speed to the default one.
    audio.defaultPlaybackRate = Number(next);
    audio.playbackRate = Number(next);
  }, []);

  const playFrom = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setTime(seconds);
    setStarted(true);
    // A refused play (the file cannot be played) shows as the player's error.
    audio.play().catch(() => undefined);
  }, []);

  return { audioRef, audioProps, time, playing, started, rate, setRate, playFrom };
}
