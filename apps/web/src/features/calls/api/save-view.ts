import {
  createSavedViewRoute,
  deleteSavedViewRoute,
  updateSavedViewRoute,
  type CreateSavedViewBody,
  type SavedView,
  type UpdateSavedViewBody,
} from '@callboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { savedViewKeys } from './saved-view-keys.ts';

/** POST /views: the list's state under a name, personal or shared. */
export function createSavedView(body: CreateSavedViewBody): Promise<SavedView> {
  return callApi(createSavedViewRoute, { body });
}

/** PATCH /views/{id}: rename, update to the list's state, share or unshare. */
export function updateSavedView(viewId: string, body: UpdateSavedViewBody): Promise<SavedView> {
  return callApi(updateSavedViewRoute, { params: { viewId }, body });
}

export function deleteSavedView(viewId: string): Promise<void> {
  return callApi(deleteSavedViewRoute, { params: { viewId } });
}

/** The dialogs show their own failures (a taken name beside its field). */
const ownErrors = { meta: { errorToast: false } } as const;

export function useCreateSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all }),
    ...ownErrors,
  });
}

export function useUpdateSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ viewId, body }: { viewId: string; body: UpdateSavedViewBody }) =>
      updateSavedView(viewId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all }),
    ...ownErrors,
  });
}

export function useDeleteSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all }),
    ...ownErrors,
  });
}
