// PATCH /api/v1/me with the call list's columns: the reader's own choice, kept on their profile
// (docs/search.md, "Columns"). The session's user carries it, so the list follows at once; a
// failed save puts the previous choice back.
import { updateMeRoute, type CallListColumn, type Me } from '@callboard/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { currentSession, sessionStore } from '../../../lib/session.ts';

function setSessionColumns(columns: CallListColumn[] | null, user?: Me): void {
  const session = currentSession();
  if (!session || (user && user.id !== session.user.id)) return;
  sessionStore.setState({
    status: 'signed-in',
    event: 'SIGNED_IN',
    session: { ...session, user: user ?? { ...session.user, call_list_columns: columns } },
  });
}

/** Saves the choice (null: back to the default columns). */
export function updateListColumns(columns: CallListColumn[] | null): Promise<Me> {
  return callApi(updateMeRoute, { body: { call_list_columns: columns } });
}

export function useUpdateListColumns() {
  return useMutation({
    mutationFn: updateListColumns,
    onMutate: (columns) => {
      const previous = currentSession()?.user.call_list_columns ?? null;
      setSessionColumns(columns);
      return { previous };
    },
    onError: (_error, _columns, context) => {
      if (context) setSessionColumns(context.previous);
    },
    onSuccess: (user) => setSessionColumns(user.call_list_columns, user),
  });
}
