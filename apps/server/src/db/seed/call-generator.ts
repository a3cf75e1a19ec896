// Turns a seeded random stream into realistic calls and their activity history: when calls happen
// (office hours, weekdays), how long they last, who handles them and how far they got.
import {
  CLOSINGS,
  GENERIC_NOTES,
  greeting,
  type CallerContext,
  type Sentiment,
  type Theme,
  type Topic,
  type Turn,
} from './call-content.ts';
import { demoRecordingUrl, type DemoRecording } from './demo-recordings.ts';
import { WeightedChoice, type SeededRandom } from './random.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const HISTORY_DAYS = 90;

export type CallStatus = 'New' | 'In progress' | 'Closed';

export interface AgentPlan {
  agentId: string;
  displayName: string;
  /** The name the agent introduces itself by. */
  persona: string;
  /** The number callers dial to reach this agent (and that outbound calls come from). */
  lineNumber: string;
}

export interface MemberPlan {
  id: string;
  role: 'admin' | 'member';
}

/** Everything a call needs to know about the organisation that received it. */
export interface OrganisationPlan {
  /** Null for agents mapped to no organisation. */
  id: string | null;
  name: string;
  theme: Theme;
  agents: AgentPlan[];
  members: MemberPlan[];
}

export interface CallRow {
  call_id: string;
  agent_id: string;
  status: CallStatus;
  deleted_flag: boolean | null;
  end_datetime: number;
  assignee_id: string | null;
  start_datetime: number;
  duration_seconds: number;
  direction: 'inbound' | 'outbound';
  from_number: string;
  to_number: string;
  caller_name: string | null;
  summary: string;
  /** JSON text of [{speaker, text, at_seconds}]. */
  transcript: string;
  recording_url: string | null;
  sentiment: Sentiment;
  disconnection_reason: string;
  organisation_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface ActivityRow {
  id: string;
  call_id: string;
  organisation_id: string | null;
  type: 'ASSIGNED' | 'STATUS_CHANGED' | 'NOTE';
  actor_id: string;
  previous_assignee_id: string | null;
  new_assignee_id: string | null;
  previous_status: CallStatus | null;
  new_status: CallStatus | null;
  body: string | null;
  created_at: number;
}

interface Caller {
  firstName: string | null;
  lastName: string | null;
  number: string;
}

const UK_MOBILE_PREFIXES = ['74', '75', '77', '78', '79'];
const UK_AREA_CODES = ['20', '121', '161', '113', '131', '117', '29'];
const US_AREA_CODES = [
  '212',
  '312',
  '415',
  '617',
  '646',
  '713',
  '972',
  '303',
  '404',
  '206',
  '614',
  '512',
  '813',
];

function phoneNumber(random: SeededRandom, country: 'GB' | 'US'): string {
  if (country === 'US')
    return `+1${random.pick(US_AREA_CODES)}${random.int(2, 9)}${random.digits(6)}`;
  if (random.chance(0.75))
    return `+447${random.pick(UK_MOBILE_PREFIXES).slice(1)}${random.digits(8)}`;
  const area = random.pick(UK_AREA_CODES);
  return `+44${area}${random.digits(10 - area.length)}`;
}

/** Numbers reserved for drama (Ofcom) and fiction (555-01xx), so no real line is ever shown. */
export function lineNumber(country: 'GB' | 'US', index: number): string {
  return country === 'GB'
    ? `+4420794600${String(index).padStart(2, '0')}`
    : `+1${['617', '312', '212', '415'][index % 4] ?? '617'}55501${String(index).padStart(2, '0')}`;
}

// Relative call volume by local hour (0-23): AI agents answer round the clock, but people ring in
// office hours, with a lunchtime dip.
const WEEKDAY_HOURS = [
  0.08, 0.05, 0.04, 0.04, 0.06, 0.15, 0.45, 1.2, 2.6, 3.2, 3.1, 2.9, 2.1, 2.5, 2.8, 2.6, 2.2, 1.6,
  0.9, 0.6, 0.45, 0.3, 0.2, 0.12,
];
const WEEKEND_HOURS = [
  0.08, 0.05, 0.04, 0.04, 0.05, 0.08, 0.15, 0.35, 0.8, 1.3, 1.6, 1.6, 1.4, 1.2, 1.1, 1.0, 0.9, 0.8,
  0.6, 0.45, 0.35, 0.25, 0.15, 0.1,
];
// Sunday first, as Date#getUTCDay counts.
const DAY_WEIGHTS = [0.2, 1.15, 1.05, 1, 1, 0.95, 0.4];

const LOG_DAY_IN_2_MINUTES = Math.log(DAY / (2 * MINUTE));
const LOG_3_DAYS_IN_2_MINUTES = Math.log((3 * DAY) / (2 * MINUTE));

const DISCONNECTIONS = [
  'caller_hangup',
  'agent_hangup',
  'transferred',
  'error',
  'inactivity',
] as const;
const DISCONNECTION_CHOICE = new WeightedChoice([62, 24, 9, 2, 3]);
const WEEKDAY_HOUR_CHOICE = new WeightedChoice(WEEKDAY_HOURS);
const WEEKEND_HOUR_CHOICE = new WeightedChoice(WEEKEND_HOURS);

function closingFor(reason: string): keyof typeof CLOSINGS {
  if (reason === 'error' || reason === 'inactivity') return 'error';
  if (reason === 'transferred' || reason === 'agent_hangup') return reason;
  return 'caller_hangup';
}

type Step = Omit<ActivityRow, 'id' | 'call_id' | 'organisation_id' | 'created_at'>;

function step(type: Step['type'], actor: string): Step {
  return {
    type,
    actor_id: actor,
    previous_assignee_id: null,
    new_assignee_id: null,
    previous_status: null,
    new_status: null,
    body: null,
  };
}

function statusStep(actor: string, from: CallStatus, to: CallStatus): Step {
  const change = step('STATUS_CHANGED', actor);
  change.previous_status = from;
  change.new_status = to;
  return change;
}

function assignStep(actor: string, from: string | null, to: string): Step {
  const change = step('ASSIGNED', actor);
  change.previous_assignee_id = from;
  change.new_assignee_id = to;
  return change;
}

/** Generates one organisation's calls (and their history) from one random stream. */
export class CallGenerator {
  private readonly callers: Caller[];
  private readonly dayStarts: number[] = [];
  private readonly weekend: boolean[] = [];
  private readonly dayChoice: WeightedChoice;
  private readonly topicChoice: WeightedChoice;
  private readonly memberChoice: WeightedChoice;
  private readonly adminId: string | null;
  private readonly mapped: boolean;
  private readonly brief: boolean;
  private readonly placeholderRecordings: boolean;
  private readonly now: number;

  constructor(
    private readonly random: SeededRandom,
    private readonly organisation: OrganisationPlan,
    now: number,
    options: {
      callerPool: number;
      brief?: boolean;
      /**
       * Give most calls a recording address that does not exist (true for benchmarks, where only
       * the row's size matters; the demo links only the calls with real recordings).
       */
      placeholderRecordings?: boolean;
    },
  ) {
    this.brief = options.brief ?? false;
    this.placeholderRecordings = options.placeholderRecordings ?? true;
    this.now = Math.floor(now / SECOND) * SECOND;
    const { theme } = organisation;
    const foreign = theme.homeCountry === 'GB' ? 'US' : 'GB';
    this.callers = [];
    for (let i = 0; i < Math.max(1, options.callerPool); i++) {
      const known = random.chance(0.9);
      this.callers.push({
        firstName: known ? random.pick(theme.firstNames) : null,
        lastName: known ? random.pick(theme.lastNames) : null,
        number: phoneNumber(
          random,
          random.chance(theme.foreignCallerShare) ? foreign : theme.homeCountry,
        ),
      });
    }
    const offset = theme.utcOffsetHours * HOUR;
    const todayLocal = Math.floor((now + offset) / DAY) * DAY;
    const dayWeights: number[] = [];
    for (let back = 0; back <= HISTORY_DAYS; back++) {
      const localStart = todayLocal - back * DAY;
      const weekday = new Date(localStart).getUTCDay();
      this.dayStarts.push(localStart - offset);
      this.weekend.push(weekday === 0 || weekday === 6);
      dayWeights.push(DAY_WEIGHTS[weekday] ?? 1);
    }
    this.dayChoice = new WeightedChoice(dayWeights);
    this.topicChoice = new WeightedChoice(theme.topics.map((topic) => topic.weight));
    this.memberChoice = new WeightedChoice(
      organisation.members.map((member) => (member.role === 'admin' ? 1 : 1.5)),
    );
    this.adminId =
      (organisation.members.find((member) => member.role === 'admin') ?? organisation.members[0])
        ?.id ?? null;
    this.mapped = organisation.id !== null && organisation.members.length > 0;
  }

  /**
   * The next call: a generated one, or, given a demo recording, that recorded conversation
   * (ended `endedMinutesAgo` before now) with the rest of its story generated as usual.
   */
  generate(recorded?: DemoRecording): { call: CallRow; activities: ActivityRow[] } {
    const { random, organisation, now } = this;
    const topic = organisation.theme.topics[this.topicChoice.pick(random)] as Topic;
    const agent = recorded
      ? (organisation.agents.find((candidate) => candidate.agentId === recorded.agentId) ??
        random.pick(organisation.agents))
      : random.pick(organisation.agents);
    const pooled = random.pick(this.callers);
    const caller: Caller = recorded ? { ...pooled, ...recorded.caller } : pooled;
    const callId = `call_${random.hex(3)}`;

    const duration = recorded
      ? recorded.durationSeconds
      : topic.voicemail
        ? random.int(25, 70)
        : Math.round(30 + 1170 * random.next() ** 2.3);
    const start = recorded
      ? now - recorded.endedMinutesAgo * MINUTE - duration * SECOND
      : this.pickStart(duration);
    const end = start + duration * SECOND;

    const context: CallerContext = {
      firstName: caller.firstName,
      lastName: caller.lastName,
      organisationName: organisation.name,
      agentName: agent.persona,
    };
    const script = topic.script(random, context);
    const reason = recorded
      ? recorded.disconnectionReason
      : topic.voicemail
        ? 'voicemail'
        : duration > 1150 && random.chance(0.5)
          ? 'max_duration_reached'
          : (DISCONNECTIONS[DISCONNECTION_CHOICE.pick(random)] ?? 'caller_hangup');
    const transcript = recorded
      ? JSON.stringify(recorded.turns)
      : this.transcript(topic, script.turns, script.extras, context, reason, duration);
    const direction = recorded?.direction ?? topic.direction;
    const sentiment =
      recorded?.sentiment ??
      (reason === 'error' && script.sentiment === 'positive' ? 'neutral' : script.sentiment);
    const placeholderRecording = random.chance(reason === 'error' ? 0.5 : 0.06)
      ? null
      : `https://recordings.callboard.test/${callId}.mp3`;

    // Older calls are more likely to have been dealt with.
    const age = (now - end) / (HISTORY_DAYS * DAY);
    let status: CallStatus = 'New';
    if (this.mapped) {
      if (random.chance(0.02 + 0.62 * age)) status = 'Closed';
      else if (random.chance(0.3)) status = 'In progress';
    }
    const unassignedChance = status === 'New' ? 0.45 : status === 'In progress' ? 0.05 : 0.2;
    const assignee = this.mapped && !random.chance(unassignedChance) ? this.pickMember() : null;

    const deleted = random.chance(0.05) ? true : random.chance(0.15) ? false : null;
    const createdAt = Math.min(now, end + random.int(2, 90) * SECOND);
    const activities = this.mapped
      ? this.history(callId, end, status, assignee, recorded ? [] : script.notes)
      : [];
    const lastActivity =
      activities.length > 0
        ? Math.max(createdAt, activities[activities.length - 1]?.created_at ?? 0)
        : createdAt;

    const call: CallRow = {
      call_id: callId,
      agent_id: agent.agentId,
      status,
      deleted_flag: deleted,
      end_datetime: end,
      assignee_id: assignee,
      start_datetime: start,
      duration_seconds: duration,
      direction,
      from_number: direction === 'inbound' ? caller.number : agent.lineNumber,
      to_number: direction === 'inbound' ? agent.lineNumber : caller.number,
      caller_name:
        caller.firstName && caller.lastName ? `${caller.firstName} ${caller.lastName}` : null,
      summary: recorded?.summary ?? script.summary,
      transcript,
      recording_url: recorded
        ? demoRecordingUrl(recorded.key)
        : this.placeholderRecordings
          ? placeholderRecording
          : null,
      sentiment,
      disconnection_reason: reason,
      organisation_id: organisation.id,
      created_at: createdAt,
      updated_at: lastActivity,
    };
    return { call, activities };
  }

  /** A start time in office-hour-weighted local time, such that the call has ended by now. */
  private pickStart(durationSeconds: number): number {
    const { random, now } = this;
    const earliest = now - HISTORY_DAYS * DAY;
    // Calls end at least ten minutes before now, so their follow-up history fits before now.
    const latestEnd = now - 10 * MINUTE;
    for (let attempt = 0; attempt < 20; attempt++) {
      const back = this.dayChoice.pick(random);
      const dayStart = this.dayStarts[back] ?? now;
      const hour = (this.weekend[back] ? WEEKEND_HOUR_CHOICE : WEEKDAY_HOUR_CHOICE).pick(random);
      const start = dayStart + hour * HOUR + random.int(0, 3599) * SECOND;
      if (start >= earliest && start + durationSeconds * SECOND <= latestEnd) return start;
    }
    return latestEnd - durationSeconds * SECOND - random.int(0, 120) * MINUTE;
  }

  private pickMember(): string {
    const member = this.organisation.members[this.memberChoice.pick(this.random)];
    if (!member) throw new Error(`${this.organisation.name} has no members to assign calls to`);
    return member.id;
  }

  private pickMemberOtherThan(excluded: string): string {
    for (let attempt = 0; attempt < 10; attempt++) {
      const candidate = this.pickMember();
      if (candidate !== excluded) return candidate;
    }
    return this.organisation.members.find((member) => member.id !== excluded)?.id ?? excluded;
  }

  private transcript(
    topic: Topic,
    core: Turn[],
    extras: Turn[],
    context: CallerContext,
    reason: string,
    duration: number,
  ): string {
    const { random } = this;
    let turns: Turn[];
    if (this.brief || topic.voicemail) {
      turns = core.length > 6 ? core.slice(0, 6) : core;
    } else {
      turns = [];
      if (topic.direction === 'inbound') {
        turns.push(['agent', greeting(random, context)]);
        turns.push(core[0] ?? ['caller', 'Hello.']);
        if (random.chance(0.5))
          turns.push(...this.organisation.theme.verification(random, context));
        turns.push(...core.slice(1));
      } else {
        turns.push(...core);
      }
      // Longer calls say more: one optional exchange per two and a half minutes or so.
      const wanted = Math.min(extras.length, 2 * Math.floor(duration / 150 + random.next()));
      turns.push(...extras.slice(0, wanted - (wanted % 2)));
      turns.push(...random.pick(CLOSINGS[closingFor(reason)]));
      turns = turns.slice(0, 20);
    }
    // Spread the turns over the call; each starts at least a second after the one before.
    const spacing = Math.max(1, (duration - 2) / turns.length);
    let previous = -1;
    let json = '[';
    for (let index = 0; index < turns.length; index++) {
      const turn = turns[index];
      if (!turn) continue;
      const at = Math.max(
        previous + 1,
        Math.floor(index * spacing + random.next() * 0.6 * spacing),
      );
      previous = at;
      json += `${index > 0 ? ',' : ''}{"speaker":"${turn[0]}","text":${JSON.stringify(turn[1])},"at_seconds":${at}}`;
    }
    return `${json}]`;
  }

  private history(
    callId: string,
    end: number,
    status: CallStatus,
    assignee: string | null,
    notes: string[],
  ): ActivityRow[] {
    const { random } = this;
    const adminId = this.adminId ?? this.pickMember();
    const steps: Step[] = [];

    if (assignee) {
      // Some calls went to someone else first and were passed on.
      const first =
        this.organisation.members.length > 1 && random.chance(0.2)
          ? this.pickMemberOtherThan(assignee)
          : assignee;
      steps.push(assignStep(this.assigner(adminId, first), null, first));
      if (first !== assignee)
        steps.push(assignStep(this.assigner(adminId, assignee), first, assignee));
    }
    const noteCount = random.chance(status === 'New' ? 0.06 : 0.22)
      ? random.chance(0.2)
        ? 2
        : 1
      : 0;
    if (status === 'In progress' || (status === 'Closed' && random.chance(0.45))) {
      steps.push(statusStep(this.handler(adminId, assignee), 'New', 'In progress'));
      this.addNotes(steps, noteCount, notes, adminId, assignee);
      if (status === 'Closed')
        steps.push(statusStep(this.handler(adminId, assignee), 'In progress', 'Closed'));
    } else if (status === 'Closed') {
      this.addNotes(steps, noteCount, notes, adminId, assignee);
      steps.push(statusStep(this.handler(adminId, assignee), 'New', 'Closed'));
    } else {
      this.addNotes(steps, noteCount, notes, adminId, assignee);
    }
    if (steps.length === 0) return [];

    // Each step follows the previous after minutes to days (log-uniform), squeezed in if that
    // would pass now.
    const delays: number[] = [];
    let total = 0;
    for (let i = 0; i < steps.length; i++) {
      total +=
        2 *
        MINUTE *
        Math.exp(random.next() * (i === 0 ? LOG_DAY_IN_2_MINUTES : LOG_3_DAYS_IN_2_MINUTES));
      delays.push(total);
    }
    const room = this.now - end - 2 * SECOND * (steps.length + 1);
    const scale = total > room ? Math.max(0, room) / total : 1;
    let previous = end;
    const activities: ActivityRow[] = [];
    for (let i = 0; i < steps.length; i++) {
      const at = Math.max(
        previous + SECOND,
        end + SECOND + Math.floor(((delays[i] ?? 0) * scale) / SECOND) * SECOND,
      );
      previous = at;
      activities.push({
        id: random.uuid(),
        call_id: callId,
        organisation_id: this.organisation.id,
        created_at: at,
        ...(steps[i] as Step),
      });
    }
    return activities;
  }

  /** Who assigned the call: usually the admin, often the assignee taking it, sometimes a colleague. */
  private assigner(adminId: string, target: string): string {
    const roll = this.random.next();
    return roll < 0.55 ? adminId : roll < 0.85 ? target : this.pickMember();
  }

  /** Who moved the call on: usually its assignee, otherwise the admin. */
  private handler(adminId: string, assignee: string | null): string {
    return assignee && this.random.chance(0.8) ? assignee : adminId;
  }

  private addNotes(
    steps: Step[],
    count: number,
    notes: string[],
    adminId: string,
    assignee: string | null,
  ): void {
    for (let i = 0; i < count; i++) {
      const note = step('NOTE', this.handler(adminId, assignee));
      note.body = this.random.chance(0.8)
        ? (notes[i] ?? this.random.pick(GENERIC_NOTES))
        : this.random.pick(GENERIC_NOTES);
      steps.push(note);
    }
  }
}
