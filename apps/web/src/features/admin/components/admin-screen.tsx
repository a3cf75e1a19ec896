// /admin: the organisation's admin area (members, invitations, agents, API keys, integrations,
// deleted calls, call import, audit log) for its admins, and the platform console (organisations, agents) for
// super-admins. Everyone else learns why they cannot be here. The tab is kept in the address
// (?tab=…).
import type { Me } from '@callboard/contract';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconArrowLeft, IconLock } from '../../../components/ui/icons.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { isOrganisationAdmin } from '../permissions.ts';
import { AgentsPanel } from './agents-panel.tsx';
import { ApiKeysPanel } from './api-keys-panel.tsx';
import { AuditPanel } from './audit-panel.tsx';
import { DeletedCallsPanel } from './deleted-calls-panel.tsx';
import { IntegrationsPanel } from './integrations-panel.tsx';
import { ImportCallsPanel } from './import-calls-panel.tsx';
import { InvitationsPanel } from './invitations-panel.tsx';
import { MembersPanel } from './members-panel.tsx';
import { OrganisationPanel } from './organisation-panel.tsx';
import { PlatformAgentsPanel, PlatformOrganisationsPanel } from './platform-panels.tsx';

type TabValue =
  | 'members'
  | 'invitations'
  | 'agents'
  | 'api-keys'
  | 'integrations'
  | 'deleted'
  | 'import'
  | 'audit'
  | 'organisation'
  | 'organisations'
  | 'platform-agents';

const ORG_TABS: { value: TabValue; label: string }[] = [
  { value: 'members', label: 'Members' },
  { value: 'invitations', label: 'Invitations' },
  { value: 'agents', label: 'Agents' },
  { value: 'api-keys', label: 'API keys' },
  { value: 'integrations', label: 'Integrations' },
  { value: 'deleted', label: 'Deleted calls' },
  { value: 'import', label: 'Import calls' },
  { value: 'audit', label: 'Audit log' },
  { value: 'organisation', label: 'Organisation' },
];

const PLATFORM_TABS: { value: TabValue; label: string }[] = [
  { value: 'organisations', label: 'Organisations' },
  { value: 'platform-agents', label: 'All agents' },
];

export function AdminScreen({ user }: { user: Me }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const orgAdmin = isOrganisationAdmin(user);
  const tabs = [...(orgAdmin ? ORG_TABS : []), ...(user.isSuperAdmin ? PLATFORM_TABS : [])];
  const first = tabs[0];

  if (!first) return <NotAdmin user={user} />;

  const requested = searchParams.get('tab');
  const current = tabs.find((tab) => tab.value === requested) ?? first;

  const heading = orgAdmin ? 'Admin area' : 'Platform console';
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <title>{`${current.label} · ${heading} · Callboard`}</title>
      <h1 className="text-xl font-semibold tracking-tight text-fg">{heading}</h1>
      <p className="mt-1 text-sm text-fg-muted">
        {orgAdmin && user.organisation
          ? `Manage who is in ${user.organisation.name}, its agents, its API keys and its calls${user.isSuperAdmin ? ' — and, as a platform operator, every organisation' : ''}.`
          : 'Every organisation on Callboard, and which agents belong to each.'}
      </p>
      <Tabs
        label={heading}
        className="mt-6"
        items={tabs}
        value={current.value}
        // Each tab starts afresh: one tab's page (?page=) is not another's.
        onValueChange={(value) => setSearchParams({ tab: value }, { replace: true })}
      >
        {tabs.map((tab) => (
          <TabPanel key={tab.value} value={tab.value} className="mt-4">
            <Card className="overflow-hidden">
              <Panel tab={tab.value} user={user} />
            </Card>
          </TabPanel>
        ))}
      </Tabs>
    </main>
  );
}

function Panel({ tab, user }: { tab: TabValue; user: Me }): ReactNode {
  switch (tab) {
    case 'members':
      return <MembersPanel currentUserId={user.id} />;
    case 'invitations':
      return <InvitationsPanel />;
    case 'agents':
      return <AgentsPanel />;
    case 'api-keys':
      return <ApiKeysPanel />;
    case 'integrations':
      return <IntegrationsPanel />;
    case 'deleted':
      return <DeletedCallsPanel />;
    case 'import':
      return <ImportCallsPanel />;
    case 'audit':
      return <AuditPanel />;
    case 'organisation':
      return <OrganisationPanel />;
    case 'organisations':
      return <PlatformOrganisationsPanel />;
    case 'platform-agents':
      return <PlatformAgentsPanel />;
  }
}

function NotAdmin({ user }: { user: Me }) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <title>{`Admins only · Callboard`}</title>
      <Card className="mt-2">
        <EmptyState
          headingLevel="h1"
          icon={<IconLock />}
          title="You need to be an organisation admin"
          description={
            <p>
              The admin area is where an organisation’s admins manage members, invitations, agents,
              API keys and deleted calls.{' '}
              {user.organisation ? (
                <>
                  Your account is a member of{' '}
                  <span className="font-medium text-fg">{user.organisation.name}</span>. If
                  something needs changing, ask one of its admins.
                </>
              ) : (
                'Your account is not in an organisation yet: ask an admin of your organisation to invite you.'
              )}
            </p>
          }
          action={
            <Link to="/dashboard" className={buttonClassName('secondary')}>
              <IconArrowLeft className="size-4" />
              Back to the dashboard
            </Link>
          }
        />
      </Card>
    </main>
  );
}
