// Test data for the calls feature: members, agents and calls shaped like the API's answers.
// Imported only by *.test.ts(x) files.
import type {
  Activity,
  Agent,
  CallDetail,
  CallListResponse,
  CallSummary,
  Member,
} from '@callboard/contract';
import { DEMO_USER } from '../../testing/fake-fetch.ts';

export const MIA: Member = {
  id: DEMO_USER.id,
  first_name: DEMO_USER.first_name,
  last_name: DEMO_USER.last_name,
  email: DEMO_USER.email,
};
export const LEO: Member = {
  id: '7c1e2d3f-4a5b-4c6d-8e7f-901a2b3c4d5e',
  first_name: 'Leo',
  last_name: 'Marsh',
  email: 'leo@northwind.test',
};
export const AVA: Member = {
  id: '8d2f3e4a-5b6c-4d7e-9f80-a12b3c4d5e6f',
  first_name: 'Ava',
  last_name: 'Whitfield',
  email: 'ava.admin@northwind.test',
};
export const MEMBERS: Member[] = [MIA, LEO, AVA];

export const AGENTS: Agent[] = [
  { agent_id: 'nw-agent-1', display_name: 'Front desk (AI)' },
  { agent_id: 'nw-agent-2', display_name: 'Appointments line (AI)' },
];

export function callSummary(overrides: Partial<CallSummary> = {}): CallSummary {
  return {
    call_id: 'call_0001',
    agent_id: 'nw-agent-1',
    status: 'New',
    deleted_flag: null,
    end_datetime: '2026-03-12T14:32:00.000Z',
    assignee_id: null,
    start_datetime: '2026-03-12T14:27:55.000Z',
    duration_seconds: 245,
    direction: 'inbound',
    from_number: '+447700900123',
    to_number: '+442079460004',
    caller_name: 'Amelia Campbell',
    summary: 'Amelia Campbell booked a GP appointment for Tuesday.',
    sentiment: 'positive',
    disconnection_reason: 'caller_hangup',
    recording_url: null,
    created_at: '2026-03-12T14:33:00.000Z',
    updated_at: '2026-03-12T14:33:00.000Z',
    ...overrides,
  };
}

export function callList(
  rows: CallSummary[],
  overrides: Partial<CallListResponse> = {},
): CallListResponse {
  return {
    rows,
    total: rows.length,
    page: 1,
    pageSize: 100,
    counts: { open: rows.length, closed: 0, all: rows.length },
    ...overrides,
  };
}

export function activity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: '0f9e8d7c-6b5a-4a39-8d27-16e5d4c3b2a1',
    type: 'ASSIGNED',
    actor_id: AVA.id,
    previous_assignee_id: null,
    new_assignee_id: MIA.id,
    previous_status: null,
    new_status: null,
    body: null,
    created_at: '2026-03-12T15:00:00.000Z',
    ...overrides,
  };
}

export function callDetail(overrides: Partial<CallDetail> = {}): CallDetail {
  return {
    ...callSummary(),
    transcript: [
      { speaker: 'agent', text: 'Hello, Northwind Clinics.', at_seconds: 1 },
      { speaker: 'caller', text: 'I would like an appointment.', at_seconds: 65 },
    ],
    agent: AGENTS[0] ?? { agent_id: 'nw-agent-1', display_name: null },
    assignee: null,
    activity: [],
    ...overrides,
  };
}
