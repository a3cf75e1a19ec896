// Test data for the calls feature: calls and their activity shaped like the API's answers (the
// organisation's members and agents are in testing/fixtures.ts). Imported only by *.test.ts(x)
// files.
import type { Activity, CallDetail, CallListResponse, CallSummary } from '@callboard/contract';
import { AGENTS, AVA, MIA } from '../../testing/fixtures.ts';

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
    version: 1,
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
