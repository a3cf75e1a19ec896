// The demo organisation's people and agents, shaped like GET /organisation/members and
// /organisation/agents answer, for the features' tests. Imported only by *.test.ts(x) files.
import type { Agent, Member } from '@callboard/contract';
import { DEMO_USER } from './fake-fetch.ts';

/** The signed-in demo user. */
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
