// A page's main content failed to load: what went wrong, in the server's words, and a retry.
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from './button.tsx';
import { EmptyState, type EmptyStateProps } from './empty-state.tsx';
import { IconAlertCircle, IconRefresh } from './icons.tsx';

export function LoadError({
  title,
  error,
  onRetry,
  retrying,
  headingLevel,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  headingLevel?: EmptyStateProps['headingLevel'];
}) {
  return (
    <EmptyState
      role="alert"
      tone="danger"
      headingLevel={headingLevel}
      icon={<IconAlertCircle />}
      title={title}
      description={errorMessage(error)}
      action={
        <Button variant="secondary" onClick={onRetry} pending={retrying} pendingLabel="Retrying…">
          <IconRefresh />
          Retry
        </Button>
      }
    />
  );
}
