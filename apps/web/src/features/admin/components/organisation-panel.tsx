// The organisation's settings: whether members must use two-factor sign-in (docs/security.md,
// "Two-factor sign-in"), single sign-on (sso-settings.tsx), and the phone country the call search reads local numbers with
// (docs/search.md, "Search"). Countries by name from the browser (lib/country-names.ts).
import type { OrganisationSettings } from '@callboard/contract';
import { useMemo, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { countryName } from '../../../lib/country-names.ts';
import { useAuthSession } from '../../../lib/session-provider.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import {
  useOrganisationSettings,
  useUpdatePhoneCountry,
  useUpdateTwoFactorRequirement,
} from '../api/organisation-settings.ts';
import { PanelHeader, PanelQuery } from './panel-states.tsx';
import { SsoSettingsSection } from './sso-settings.tsx';

export function OrganisationPanel() {
  const settings = useOrganisationSettings();
  return (
    <section aria-label="Organisation">
      <PanelHeader
        title="Organisation"
        description="Settings that apply to everyone in the organisation."
      />
      <PanelQuery
        query={settings}
        loadingLabel="Loading the organisation’s settings"
        errorTitle="Couldn’t load the organisation’s settings"
        empty={null}
        isEmpty={() => false}
      >
        {(data) => (
          <div className="divide-y divide-border">
            <TwoFactorRequirement settings={data} />
            <SsoSettingsSection />
            <PhoneCountryForm settings={data} />
          </div>
        )}
      </PanelQuery>
    </section>
  );
}

/** Saved as soon as it is switched; a failure puts it back and says why. */
function TwoFactorRequirement({ settings }: { settings: OrganisationSettings }) {
  const update = useUpdateTwoFactorRequirement();
  const session = useAuthSession();
  const youToo =
    session && !session.user.two_factor.enabled
      ? ' You don’t have it on yet: you will be asked to set it up too.'
      : '';
  const shown = update.isPending ? update.variables : settings.require_two_factor;
  return (
    <div className="max-w-xl space-y-3 px-4 py-5 sm:px-5">
      {update.isError ? <RequestErrorAlert error={update.error} /> : null}
      <Switch
        checked={shown}
        pending={update.isPending}
        label="Require two-factor sign-in"
        description={`Members without it are asked to set it up (an authenticator app on their phone) before they can see any calls: at once when they next sign in, within 15 minutes if they are signed in now. The member list shows who has it.${youToo}`}
        onCheckedChange={(required) => {
          if (update.isPending) return;
          update.mutate(required, {
            onSuccess: (saved) =>
              showToast({
                tone: 'success',
                title: saved.require_two_factor
                  ? 'Two-factor sign-in is now required'
                  : 'Two-factor sign-in is no longer required',
              }),
          });
        }}
      />
    </div>
  );
}

function PhoneCountryForm({ settings }: { settings: OrganisationSettings }) {
  const update = useUpdatePhoneCountry();
  const [country, setCountry] = useState(settings.phone_country);
  const countries = useMemo(
    () =>
      settings.phone_countries
        .map((entry) => ({ ...entry, name: countryName(entry.code) }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en-GB')),
    [settings.phone_countries],
  );
  const unchanged = country === settings.phone_country;

  function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    if (unchanged) return;
    update.mutate(country, {
      onSuccess: (saved) =>
        showToast({
          tone: 'success',
          title: `Phone country set to ${countryName(saved.phone_country)}`,
        }),
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-xl space-y-4 px-4 py-5 sm:px-5">
      {update.isError ? <RequestErrorAlert error={update.error} /> : null}
      <Field
        label="Phone country"
        hint="Searching the call log for a local number, such as 07700 499194 in the United Kingdom, finds the calls from its international form (+44 7700 499194). Numbers already stored do not change."
      >
        <Select
          value={country}
          onChange={(event) => setCountry(event.target.value)}
          disabled={update.isPending}
          wrapperClassName="sm:max-w-sm"
        >
          {countries.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {`${entry.name} (+${entry.calling_code})`}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex items-center gap-3">
        <Button
          type="submit"
          disabled={unchanged}
          pending={update.isPending}
          pendingLabel="Saving…"
        >
          Save
        </Button>
        {unchanged ? (
          <span className="text-sm text-fg-muted">Now: {countryName(settings.phone_country)}</span>
        ) : null}
      </div>
    </form>
  );
}
