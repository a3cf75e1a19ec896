// The demo calls that have a real recording. Their audio is made offline from these transcripts by
// scripts/demo-recordings.ts (a synthetic voice per speaker, each turn starting at its
// `at_seconds`) and served by the app from apps/web/public/demo-recordings/. Edit a transcript
// here, then run that script to render its audio again: the seed and the files must agree.

export type DemoRecordingOrganisation = 'Northwind Clinics' | 'Globex Insurance';

export interface DemoRecording {
  /** File name (without extension) under /demo-recordings/. */
  key: string;
  organisation: DemoRecordingOrganisation;
  agentId: string;
  caller: { firstName: string; lastName: string };
  direction: 'inbound' | 'outbound';
  /** How long before the seed's `now` the call ended: the recorded calls are the newest. */
  endedMinutesAgo: number;
  /** The length of the recording, in whole seconds (the last turn ends before it). */
  durationSeconds: number;
  summary: string;
  sentiment: 'positive' | 'neutral' | 'negative';
  disconnectionReason: 'caller_hangup' | 'agent_hangup' | 'transferred';
  /** espeak-ng voices, one per speaker. */
  voices: { agent: string; caller: string };
  turns: readonly { speaker: 'agent' | 'caller'; text: string; at_seconds: number }[];
}

/** Where the app serves a demo recording (apps/web/public is the SPA's root). */
export function demoRecordingUrl(key: string): string {
  return `/demo-recordings/${key}.oga`;
}

export const DEMO_RECORDINGS: readonly DemoRecording[] = [
  {
    key: 'northwind-appointment',
    organisation: 'Northwind Clinics',
    agentId: 'nw-agent-1',
    caller: { firstName: 'Priya', lastName: 'Shah' },
    direction: 'inbound',
    endedMinutesAgo: 18,
    durationSeconds: 47,
    summary:
      'Priya Shah asked to move her Thursday blood test. Aria rebooked it for Friday at 9:10 with Dr Patel and sent a text confirmation.',
    sentiment: 'positive',
    disconnectionReason: 'caller_hangup',
    voices: { agent: 'en-gb+f3', caller: 'en-gb-x-rp+f4' },
    turns: [
      {
        speaker: 'agent',
        text: 'Good morning, Northwind Clinics, this is Aria. How can I help?',
        at_seconds: 0,
      },
      {
        speaker: 'caller',
        text: 'Hi, I need to move my blood test on Thursday. Something came up at work.',
        at_seconds: 5,
      },
      {
        speaker: 'agent',
        text: 'Of course. Can I take your date of birth to find the booking?',
        at_seconds: 11,
      },
      { speaker: 'caller', text: 'Fourteenth of March, nineteen eighty-six.', at_seconds: 16 },
      {
        speaker: 'agent',
        text: 'Thank you, Priya. I can offer Friday at ten past nine with Doctor Patel.',
        at_seconds: 20,
      },
      { speaker: 'caller', text: 'Friday at nine is perfect.', at_seconds: 27 },
      {
        speaker: 'agent',
        text: 'Done. Please fast for twelve hours before. I will text you a confirmation.',
        at_seconds: 30,
      },
      { speaker: 'caller', text: 'Brilliant, thank you so much.', at_seconds: 37 },
      { speaker: 'agent', text: 'You are welcome. Have a lovely day.', at_seconds: 41 },
    ],
  },
  {
    key: 'northwind-prescription',
    organisation: 'Northwind Clinics',
    agentId: 'nw-agent-3',
    caller: { firstName: 'Tom', lastName: 'Brennan' },
    direction: 'inbound',
    endedMinutesAgo: 52,
    durationSeconds: 52,
    summary:
      'Tom Brennan has run out of his blood pressure tablets and the pharmacy has no repeat prescription. Needs a GP to authorise it today.',
    sentiment: 'negative',
    disconnectionReason: 'caller_hangup',
    voices: { agent: 'en-gb+f2', caller: 'en-gb-scotland+m3' },
    turns: [
      {
        speaker: 'agent',
        text: 'Northwind prescriptions line, Hannah speaking.',
        at_seconds: 0,
      },
      {
        speaker: 'caller',
        text: 'Hello. The pharmacy says my repeat prescription was never sent, and I have run out of my blood pressure tablets.',
        at_seconds: 4,
      },
      {
        speaker: 'agent',
        text: 'I am sorry about that. Which medication is it?',
        at_seconds: 12,
      },
      { speaker: 'caller', text: 'Amlodipine, five milligrams.', at_seconds: 16 },
      {
        speaker: 'agent',
        text: 'I can see the request, but it is waiting for a doctor to sign it.',
        at_seconds: 20,
      },
      {
        speaker: 'caller',
        text: 'This is the second time this month. I really need them today.',
        at_seconds: 26,
      },
      {
        speaker: 'agent',
        text: 'I understand. I will flag it as urgent for the duty doctor this afternoon.',
        at_seconds: 32,
      },
      { speaker: 'caller', text: 'Fine. Please call me when it is done.', at_seconds: 39 },
      { speaker: 'agent', text: 'We will. Sorry again for the trouble.', at_seconds: 44 },
    ],
  },
  {
    key: 'northwind-billing',
    organisation: 'Northwind Clinics',
    agentId: 'nw-agent-4',
    caller: { firstName: 'Grace', lastName: 'Holloway' },
    direction: 'inbound',
    endedMinutesAgo: 95,
    durationSeconds: 44,
    summary:
      'Grace Holloway was charged twice for a physiotherapy session on the 3rd. Marcus confirmed the duplicate and raised a refund, due in five working days.',
    sentiment: 'neutral',
    disconnectionReason: 'agent_hangup',
    voices: { agent: 'en-gb-x-rp+m1', caller: 'en-gb+f4' },
    turns: [
      { speaker: 'agent', text: 'Northwind billing, Marcus speaking.', at_seconds: 0 },
      {
        speaker: 'caller',
        text: 'Hi, I think I was charged twice for my physio session on the third.',
        at_seconds: 3,
      },
      {
        speaker: 'agent',
        text: 'Let me check. Yes, I can see two payments of forty-five pounds.',
        at_seconds: 9,
      },
      { speaker: 'caller', text: 'So can I get one of them back?', at_seconds: 15 },
      {
        speaker: 'agent',
        text: 'Yes. I have raised a refund for the duplicate. It takes up to five working days.',
        at_seconds: 18,
      },
      { speaker: 'caller', text: 'Okay. Will I get an email about it?', at_seconds: 26 },
      {
        speaker: 'agent',
        text: 'You will, with the refund reference. Anything else today?',
        at_seconds: 30,
      },
      { speaker: 'caller', text: 'No, that is all. Thanks.', at_seconds: 36 },
    ],
  },
  {
    key: 'globex-claim',
    organisation: 'Globex Insurance',
    agentId: 'gx-agent-1',
    caller: { firstName: 'Daniel', lastName: 'Ortiz' },
    direction: 'inbound',
    endedMinutesAgo: 24,
    durationSeconds: 50,
    summary:
      'Daniel Ortiz reported a rear-end collision on Route 9 this morning. No injuries. Max opened a claim and booked a photo inspection for tomorrow.',
    sentiment: 'neutral',
    disconnectionReason: 'caller_hangup',
    voices: { agent: 'en-us+m1', caller: 'en-us+m3' },
    turns: [
      {
        speaker: 'agent',
        text: 'Thanks for calling Globex claims. I am Max. Are you safe right now?',
        at_seconds: 0,
      },
      {
        speaker: 'caller',
        text: 'Yes, I am fine. Someone rear-ended me on Route 9 this morning.',
        at_seconds: 5,
      },
      {
        speaker: 'agent',
        text: 'I am glad you are okay. Was anyone hurt, and did you swap details with the other driver?',
        at_seconds: 11,
      },
      {
        speaker: 'caller',
        text: 'Nobody was hurt. I have her plate and her insurance card.',
        at_seconds: 18,
      },
      {
        speaker: 'agent',
        text: 'Great. I have opened a claim. Can an inspector see the car tomorrow morning?',
        at_seconds: 23,
      },
      { speaker: 'caller', text: 'Tomorrow works. I am home all day.', at_seconds: 30 },
      {
        speaker: 'agent',
        text: 'Booked for nine a.m. You will get a text with your claim number.',
        at_seconds: 34,
      },
      { speaker: 'caller', text: 'Thanks, that was easy.', at_seconds: 41 },
    ],
  },
  {
    key: 'globex-policy',
    organisation: 'Globex Insurance',
    agentId: 'gx-agent-2',
    caller: { firstName: 'Hannah', lastName: 'Kim' },
    direction: 'inbound',
    endedMinutesAgo: 70,
    durationSeconds: 42,
    summary:
      'Hannah Kim asked whether her home policy covers a burst pipe. Dana confirmed water damage is covered after a 250 dollar deductible and emailed the claim form.',
    sentiment: 'positive',
    disconnectionReason: 'caller_hangup',
    voices: { agent: 'en-us+f2', caller: 'en-us+f4' },
    turns: [
      { speaker: 'agent', text: 'Globex policy services, this is Dana.', at_seconds: 0 },
      {
        speaker: 'caller',
        text: 'Hi Dana. A pipe burst in my kitchen. Does my home policy cover that?',
        at_seconds: 3,
      },
      {
        speaker: 'agent',
        text: 'Sudden water damage is covered. Your deductible is two hundred and fifty dollars.',
        at_seconds: 10,
      },
      { speaker: 'caller', text: 'Okay. What do I need to do?', at_seconds: 17 },
      {
        speaker: 'agent',
        text: 'Take photos, keep the plumber invoice, and fill in the claim form I am emailing now.',
        at_seconds: 20,
      },
      { speaker: 'caller', text: 'Got it. Thank you, that is a relief.', at_seconds: 28 },
      { speaker: 'agent', text: 'You are welcome. Take care.', at_seconds: 32 },
    ],
  },
];
