// Import calls from a CSV file with the export's columns: a dry run first (each line's problems,
// or how many calls are new), then the import a batch at a time with its progress.
import {
  CALL_IMPORT_MAX_BYTES,
  CALL_IMPORT_MAX_ROWS,
  type CallImportPreview,
  type CallImportResult,
} from '@callboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { IconFileUp } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatCount } from '../../../lib/format.ts';
import {
  fileBytes,
  importCallBatches,
  previewCallImport,
  type ImportProgress,
} from '../api/call-import.ts';
import { PanelHeader } from './panel-states.tsx';

type State =
  | { step: 'empty' }
  | { step: 'checking'; name: string }
  | { step: 'refused'; name: string; message: string }
  | { step: 'problems'; name: string; preview: CallImportPreview }
  | { step: 'ready'; name: string; preview: CallImportPreview; bytes: Uint8Array<ArrayBuffer> }
  | { step: 'importing'; name: string; progress: ImportProgress }
  | { step: 'failed'; name: string; progress: ImportProgress; error: unknown }
  | { step: 'done'; name: string; result: CallImportResult };

const calls = (count: number) => `${formatCount(count)} ${count === 1 ? 'call' : 'calls'}`;

export function ImportCallsPanel() {
  const [state, setState] = useState<State>({ step: 'empty' });
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const queryClient = useQueryClient();

  async function check(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again checks it again
    if (!file) return;
    if (file.size > CALL_IMPORT_MAX_BYTES) {
      setState({
        step: 'refused',
        name: file.name,
        message: 'The file is larger than 10 MB. Split it into smaller files.',
      });
      return;
    }
    setState({ step: 'checking', name: file.name });
    try {
      const bytes = await fileBytes(file);
      const preview = await previewCallImport(bytes);
      setState(
        preview.problem_count > 0
          ? { step: 'problems', name: file.name, preview }
          : { step: 'ready', name: file.name, preview, bytes },
      );
    } catch (error) {
      setState({ step: 'refused', name: file.name, message: errorMessage(error) });
    }
  }

  async function runImport(
    name: string,
    preview: CallImportPreview,
    bytes: Uint8Array<ArrayBuffer>,
  ) {
    let progress: ImportProgress = { done: 0, total: preview.rows };
    setState({ step: 'importing', name, progress });
    try {
      const result = await importCallBatches(bytes, preview, (next) => {
        progress = next;
        setState({ step: 'importing', name, progress: next });
      });
      setState({ step: 'done', name, result });
    } catch (error) {
      setState({ step: 'failed', name, progress, error });
    } finally {
      // New calls, agents and counts everywhere.
      void queryClient.invalidateQueries();
    }
  }

  const busy = state.step === 'checking' || state.step === 'importing';
  const chooseLabel = state.step === 'empty' ? 'Choose a CSV file' : 'Choose another file';

  return (
    <section aria-label="Import calls">
      <PanelHeader
        title="Import calls"
        description={`Backfill call history from a CSV file with the columns of the call list’s export: up to 10 MB and ${formatCount(CALL_IMPORT_MAX_ROWS)} calls. A call whose external_id is already here has its content updated; its status, assignee and notes stay.`}
      />
      <div className="space-y-4 px-4 py-5 sm:px-5">
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            // The button below opens it; the input itself stays out of the tab order.
            tabIndex={-1}
            aria-label="CSV file to import"
            disabled={busy}
            onChange={(event) => void check(event)}
          />
          <Button
            variant={state.step === 'empty' ? 'primary' : 'secondary'}
            disabled={busy}
            aria-describedby={state.step === 'empty' ? undefined : `${inputId}-name`}
            onClick={() => inputRef.current?.click()}
          >
            <IconFileUp />
            {chooseLabel}
          </Button>
          {state.step !== 'empty' ? (
            <span id={`${inputId}-name`} className="min-w-0 truncate text-sm text-fg-muted">
              {state.name}
            </span>
          ) : null}
        </div>

        {state.step === 'empty' ? (
          <p className="text-sm text-fg-muted">
            The file is checked first, and nothing is stored until every line is valid. external_id,
            agent_id, started_at, ended_at, direction, from_number and to_number are required; id,
            status, assignee, agent_name and duration_seconds are ignored.
          </p>
        ) : null}

        {state.step === 'checking' ? (
          <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
            <Spinner className="size-3.5" /> Checking the file…
          </p>
        ) : null}

        {state.step === 'refused' ? (
          <Alert tone="error" title="This file can’t be imported">
            {state.message}
          </Alert>
        ) : null}

        {state.step === 'problems' ? <Problems preview={state.preview} /> : null}

        {state.step === 'ready' ? (
          <div className="space-y-3">
            <Alert tone="info" title={`${calls(state.preview.rows)} ready to import`}>
              {formatCount(state.preview.new)} new, {formatCount(state.preview.existing)} already
              here (their content is updated where it differs).
            </Alert>
            <Button onClick={() => void runImport(state.name, state.preview, state.bytes)}>
              Import {calls(state.preview.rows)}
            </Button>
          </div>
        ) : null}

        {state.step === 'importing' || state.step === 'failed' ? (
          <ImportProgressBar progress={state.progress} />
        ) : null}

        {state.step === 'failed' ? (
          <Alert tone="error" title="The import stopped">
            {errorMessage(state.error)}{' '}
            {state.progress.done > 0
              ? `${calls(state.progress.done)} had been imported before it stopped; importing the file again is safe, as calls are matched by external_id.`
              : 'Nothing was imported.'}
          </Alert>
        ) : null}

        {state.step === 'done' ? (
          <Alert tone="success" title={`Imported ${calls(totalOf(state.result))}`}>
            {formatCount(state.result.created)} new, {formatCount(state.result.updated)} updated,{' '}
            {formatCount(state.result.unchanged)} unchanged.
          </Alert>
        ) : null}
      </div>
    </section>
  );
}

const totalOf = (result: CallImportResult) => result.created + result.updated + result.unchanged;

function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const label = `Imported ${formatCount(progress.done)} of ${calls(progress.total)}`;
  return (
    <div className="space-y-1.5">
      <p className="flex items-center gap-2 text-sm text-fg" aria-live="polite">
        {progress.done < progress.total ? <Spinner className="size-3.5" /> : null}
        {label}
      </p>
      <progress
        className="h-2 w-full max-w-md overflow-hidden rounded-full accent-accent"
        value={progress.done}
        max={Math.max(progress.total, 1)}
        aria-label={label}
      />
    </div>
  );
}

function Problems({ preview }: { preview: CallImportPreview }) {
  const more = preview.problem_count - preview.problems.length;
  return (
    <div className="space-y-3">
      <Alert
        tone="error"
        title={`${formatCount(preview.problem_count)} ${preview.problem_count === 1 ? 'problem' : 'problems'} to fix: nothing was imported`}
      >
        Fix each line below in the file and choose it again. Line 1 is the header; line 2 is the
        first call.
      </Alert>
      <div className="max-h-96 overflow-auto rounded-lg border border-border">
        <Table>
          <caption className="sr-only">Problems in the file</caption>
          <TableHeader className="sticky top-0">
            <TableRow>
              <TableHeaderCell className="w-16 text-right">Line</TableHeaderCell>
              <TableHeaderCell>Column</TableHeaderCell>
              <TableHeaderCell>Problem</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.problems.map((problem, index) => (
              <TableRow key={`${problem.line}-${problem.column ?? ''}-${index}`}>
                <TableCell className="text-right align-baseline tabular-nums">
                  {problem.line}
                </TableCell>
                <TableCell className="align-baseline font-mono text-xs whitespace-nowrap">
                  {problem.column ?? <span className="font-sans text-fg-muted">whole line</span>}
                </TableCell>
                <TableCell className="min-w-40 align-baseline">{problem.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {more > 0 ? (
        <p className="text-sm text-fg-muted">
          And {formatCount(more)} more: fix these first, then check the file again.
        </p>
      ) : null}
    </div>
  );
}
