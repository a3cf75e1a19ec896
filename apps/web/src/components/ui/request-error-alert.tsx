import type { ReactNode, Ref } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Alert } from './alert.tsx';

export interface RequestErrorAlertProps {
  /** What the request failed with. */
  error: unknown;
  /** After the message (a link to the way out, say); not shown beside a list of reasons. */
  action?: ReactNode;
  className?: string;
  ref?: Ref<HTMLDivElement>;
}

/**
 * A form's failed request, above its fields: the server's message, with every reason it lists
 * (a weak password breaks several rules at once) so the user can fix them all in one go.
 */
export function RequestErrorAlert({ error, action, className, ref }: RequestErrorAlertProps) {
  const reasons = isApiError(error) ? error.reasons : [];
  if (reasons.length > 0) {
    return (
      <Alert ref={ref} tone="error" title={errorMessage(error)} className={className}>
        <ul className="list-disc space-y-0.5 pl-4">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </Alert>
    );
  }
  return (
    <Alert ref={ref} tone="error" className={className}>
      {errorMessage(error)}
      {action ? <> {action}</> : null}
    </Alert>
  );
}
