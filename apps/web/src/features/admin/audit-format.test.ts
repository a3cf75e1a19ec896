import type { AdminMember, AuditEntry } from '@callboard/contract';
import { describe, expect, it } from 'vitest';
import {
  actorName,
  AUDIT_ACTION_LABELS,
  describeAuditEntry,
  FORMER_MEMBER,
  memberName,
  nameLookup,
} from './audit-format.ts';

const AVA = '11111111-1111-4111-8111-111111111111';
const MIA = '22222222-2222-4222-8222-222222222222';
const GONE = '33333333-3333-4333-8333-333333333333';

const members: AdminMember[] = [
  {
    id: AVA,
    first_name: 'Ava',
    last_name: 'Whitfield',
    email: 'ava@x.test',
    role: 'admin',
    joined_at: '2026-01-01T00:00:00Z',
    two_factor: false,
  },
  {
    id: MIA,
    first_name: '',
    last_name: '',
    email: 'mia@x.test',
    role: 'member',
    joined_at: '2026-01-01T00:00:00Z',
    two_factor: false,
  },
];
const names = nameLookup(members);

function entry(partial: Partial<AuditEntry> & Pick<AuditEntry, 'action'>): AuditEntry {
  return {
    id: '1',
    created_at: '2026-02-01T10:00:00Z',
    actor_id: AVA,
    target: null,
    details: {},
    ...partial,
  };
}

describe('audit formatting', () => {
  it('names members, falling back to the email and to "Former member"', () => {
    expect(memberName({ first_name: '', last_name: '', email: 'mia@x.test' })).toBe('mia@x.test');
    expect(actorName(entry({ action: 'call.deleted' }), names)).toBe('Ava Whitfield');
    expect(actorName(entry({ action: 'call.deleted', actor_id: GONE }), names)).toBe(FORMER_MEMBER);
    expect(actorName(entry({ action: 'agent.mapped', actor_id: GONE }), names)).toBe(
      'Platform operator',
    );
    expect(actorName(entry({ action: 'call.deleted', actor_id: null }), names)).toBe('System');
  });

  it('describes assignments and status changes with names and labels', () => {
    expect(
      describeAuditEntry(
        entry({
          action: 'call.assigned',
          target: 'c-1',
          details: { previous_assignee_id: GONE, new_assignee_id: MIA },
        }),
        names,
      ),
    ).toBe('Call c-1 assigned to mia@x.test (was Former member)');
    expect(
      describeAuditEntry(
        entry({
          action: 'call.assigned',
          target: 'c-1',
          details: { previous_assignee_id: MIA, new_assignee_id: null },
        }),
        names,
      ),
    ).toBe('Call c-1 unassigned (was mia@x.test)');
    expect(
      describeAuditEntry(
        entry({
          action: 'call.status_changed',
          target: 'c-2',
          details: { previous_status: 'New', new_status: 'In progress' },
        }),
        names,
      ),
    ).toBe('Call c-2: New → In progress');
  });

  it('describes membership, invitations and agents', () => {
    expect(
      describeAuditEntry(
        entry({
          action: 'member.role_changed',
          target: MIA,
          details: { previous_role: 'member', new_role: 'admin' },
        }),
        names,
      ),
    ).toBe('mia@x.test: member → admin');
    expect(
      describeAuditEntry(
        entry({ action: 'member.removed', target: GONE, details: { unassigned_calls: 1 } }),
        names,
      ),
    ).toBe('Former member removed; 1 open call unassigned');
    expect(
      describeAuditEntry(
        entry({ action: 'invitation.created', target: 'new@x.test', details: { role: 'member' } }),
        names,
      ),
    ).toBe('new@x.test invited as member');
    expect(
      describeAuditEntry(
        entry({ action: 'agent.renamed', target: 'a-1', details: { display_name: 'Robin' } }),
        names,
      ),
    ).toBe('Agent a-1 renamed to “Robin”');
    expect(
      describeAuditEntry(
        entry({ action: 'agent.renamed', target: 'a-1', details: { display_name: null } }),
        names,
      ),
    ).toBe('Agent a-1: display name cleared');
  });

  it('describes API keys by name and prefix, never more of the key', () => {
    const details = { name: 'Nightly sync', prefix: 'cb_live_Ab3x' };
    expect(
      describeAuditEntry(entry({ action: 'api_key.created', target: 'k1', details }), names),
    ).toBe('API key “Nightly sync” (cb_live_Ab3x…) created');
    expect(
      describeAuditEntry(
        entry({ action: 'api_key.first_used', actor_id: null, target: 'k1', details }),
        names,
      ),
    ).toBe('API key “Nightly sync” (cb_live_Ab3x…) used for the first time');
    expect(
      describeAuditEntry(entry({ action: 'api_key.revoked', target: 'k1', details: {} }), names),
    ).toBe('API key without a name revoked');
    expect(actorName(entry({ action: 'api_key.first_used', actor_id: null }), names)).toBe(
      'System',
    );
  });

  it('describes integrations by platform and name', () => {
    expect(
      describeAuditEntry(
        entry({
          action: 'integration.created',
          target: 'i1',
          details: { kind: 'retell', name: 'Front desk' },
        }),
        names,
      ),
    ).toBe('Retell AI “Front desk” integration added');
    expect(
      describeAuditEntry(
        entry({ action: 'integration.removed', target: 'i1', details: { kind: 'vapi' } }),
        names,
      ),
    ).toBe('Vapi integration removed; its webhook URL is refused');
    expect(AUDIT_ACTION_LABELS['integration.created']).toBe('Integration added');
  });
});
