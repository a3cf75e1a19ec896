import {
  getOrganisationSettingsRoute,
  updateOrganisationSettingsRoute,
  type OrganisationSettings,
} from '@callboard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /admin/organisation: the phone country and the countries it may be. */
export function getOrganisationSettings(signal?: AbortSignal): Promise<OrganisationSettings> {
  return callApi(getOrganisationSettingsRoute, { signal });
}

export function organisationSettingsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.organisation(),
    queryFn: ({ signal }) => getOrganisationSettings(signal),
  });
}

export function useOrganisationSettings() {
  return useQuery(organisationSettingsQueryOptions());
}

/** PATCH /admin/organisation: the country the call search reads local phone numbers with. */
export function updatePhoneCountry(phoneCountry: string): Promise<OrganisationSettings> {
  return callApi(updateOrganisationSettingsRoute, { body: { phone_country: phoneCountry } });
}

export function useUpdatePhoneCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhoneCountry,
    onSuccess: (settings) => {
      queryClient.setQueryData(adminKeys.organisation(), settings);
    },
    // A search for a local number may now find other calls, and the audit log has an entry.
    onSettled: () => queryClient.invalidateQueries(),
    meta: { errorToast: false },
  });
}

/** PATCH /admin/organisation: whether members must use two-factor sign-in. */
export function useUpdateTwoFactorRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) =>
      callApi(updateOrganisationSettingsRoute, { body: { require_two_factor: required } }),
    onSuccess: (settings) => {
      queryClient.setQueryData(adminKeys.organisation(), settings);
    },
    // The audit log has an entry.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    meta: { errorToast: false },
  });
}
