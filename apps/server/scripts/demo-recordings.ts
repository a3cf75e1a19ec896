// `npx tsx apps/server/scripts/demo-recordings.ts`: renders the demo recordings
// (src/db/seed/demo-recordings.ts) into apps/web/public/demo-recordings/ as small mono Ogg Opus
// files. Each speaker has a voice of their own; each turn starts exactly at its `at_seconds`,
// with silence in between. Needs espeak-ng and ffmpeg (`apt-get install -y espeak-ng ffmpeg`)
// only to run this script: the app and its tests only serve the committed files.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_RECORDINGS, type DemoRecording } from '../src/db/seed/demo-recordings.ts';

const outputFolder = fileURLToPath(new URL('../../web/public/demo-recordings/', import.meta.url));
/** Speech is at most this much faster than espeak-ng's default, to fit a turn in its slot. */
const WORDS_PER_MINUTE = { normal: 165, fastest: 200 };
/** A file larger than this is too big to commit; shorten the call. */
const MAX_BYTES = 150 * 1024;

function durationOf(file: string): number {
  const out = execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
    { encoding: 'utf8' },
  );
  return Number(out.trim());
}

/** Speaks a turn into `file`, faster if it would run into the next turn; returns its length. */
function speak(text: string, voice: string, slot: number, file: string): number {
  let speed = WORDS_PER_MINUTE.normal;
  for (;;) {
    execFileSync('espeak-ng', ['-v', voice, '-s', String(speed), '-w', file, text]);
    const length = durationOf(file);
    if (length <= slot) return length;
    if (speed >= WORDS_PER_MINUTE.fastest) {
      throw new Error(
        `"${text}" takes ${length.toFixed(1)} s but has ${slot.toFixed(1)} s: move the next turn later`,
      );
    }
    speed += 5;
  }
}

function render(recording: DemoRecording, work: string): void {
  const inputs: string[] = [];
  const filters: string[] = [];
  recording.turns.forEach((turn, index) => {
    const next = recording.turns[index + 1]?.at_seconds ?? recording.durationSeconds;
    const slot = next - turn.at_seconds;
    // A short pause before the next speaker, so that turns never run into each other.
    const file = join(work, `${recording.key}-${index}.wav`);
    speak(turn.text, recording.voices[turn.speaker], slot - 0.3, file);
    inputs.push('-i', file);
    filters.push(`[${index}:a]aresample=24000,apad=whole_dur=${slot}[t${index}]`);
  });
  const labels = recording.turns.map((_, index) => `[t${index}]`).join('');
  filters.push(`${labels}concat=n=${recording.turns.length}:v=0:a=1[call]`);
  const output = join(outputFolder, `${recording.key}.oga`);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    ...inputs,
    '-filter_complex',
    filters.join(';'),
    '-map',
    '[call]',
    '-ac',
    '1',
    '-c:a',
    'libopus',
    '-b:a',
    '16k',
    '-application',
    'voip',
    // No encoder or date tags: the same transcript gives the same file.
    '-map_metadata',
    '-1',
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    '-f',
    'ogg',
    output,
  ]);
  const bytes = statSync(output).size;
  const length = durationOf(output);
  if (bytes > MAX_BYTES) throw new Error(`${output} is ${bytes} bytes, over ${MAX_BYTES}`);
  if (Math.abs(length - recording.durationSeconds) > 0.5) {
    throw new Error(`${output} lasts ${length} s, not ${recording.durationSeconds} s`);
  }
  process.stdout.write(`${recording.key}.oga: ${length.toFixed(1)} s, ${bytes} bytes\n`);
}

mkdirSync(outputFolder, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'demo-recordings-'));
try {
  for (const recording of DEMO_RECORDINGS) render(recording, work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
