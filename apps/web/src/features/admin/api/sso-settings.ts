import {
  getSsoSettingsRoute,
  removeSsoSettingsRoute,
  updateSsoSettingsRoute,
  type SsoSettings,
  type UpdateSsoBody,
} from '@callboard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /admin/organisation/sso: the identity provider, its domains, never its secret. */
export function ssoSettingsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.sso(),
    queryFn: ({ signal }): Promise<SsoSettings> => callApi(getSsoSettingsRoute, { signal }),
  });
}

export function useSsoSettings() {
  return useQuery(ssoSettingsQueryOptions());
}

/** PUT /admin/organisation/sso: the server reads the provider's discovery document first. */
export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSsoBody) => callApi(updateSsoSettingsRoute, { body }),
    onSuccess: (settings) => queryClient.setQueryData(adminKeys.sso(), settings),
    // The audit log has an entry.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() }),
    meta: { errorToast: false },
  });
}

/** DELETE /admin/organisation/sso. */
export function useRemoveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(removeSsoSettingsRoute, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    meta: { errorToast: false },
  });
}
