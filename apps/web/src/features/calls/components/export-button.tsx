// "Export CSV": the list's current view (tab, filters, search; the order is the list's) as a file.
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { IconDownload } from '../../../components/ui/icons.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { downloadCallsCsv, ExportInterruptedError, saveFile } from '../api/export-calls.ts';
import type { CallListApiQuery } from '../api/get-calls.ts';

const megabytes = new Intl.NumberFormat(undefined, {
  style: 'unit',
  unit: 'megabyte',
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
});

export function ExportButton({ query }: { query: CallListApiQuery }) {
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'downloading'; bytes: number } | { kind: 'failed'; error: unknown }
  >({ kind: 'idle' });
  const running = useRef(false);

  async function download() {
    if (running.current) return;
    running.current = true;
    setState({ kind: 'downloading', bytes: 0 });
    try {
      const file = await downloadCallsCsv(query, (bytes) =>
        setState({ kind: 'downloading', bytes }),
      );
      saveFile(file);
      setState({ kind: 'idle' });
    } catch (error) {
      setState({ kind: 'failed', error });
    } finally {
      running.current = false;
    }
  }

  const downloading = state.kind === 'downloading';
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        onClick={() => void download()}
        pending={downloading}
        pendingLabel={
          downloading && state.bytes > 0
            ? `Exporting… ${megabytes.format(state.bytes / (1024 * 1024))}`
            : 'Exporting…'
        }
      >
        <IconDownload />
        Export CSV
      </Button>
      {state.kind === 'failed' ? (
        <p role="alert" className="max-w-xs text-right text-xs text-danger-fg">
          {state.error instanceof ExportInterruptedError
            ? state.error.message
            : errorMessage(state.error)}
        </p>
      ) : null}
    </div>
  );
}
