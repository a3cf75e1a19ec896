// What the demo calls say: per kind of organisation, the topics callers ring about, each with a
// summary, a conversation and the notes a member might leave. Edit this file to change the
// flavour of the demo data; the shapes (dates, statuses, assignees) live in call-generator.ts.
import type { SeededRandom } from './random.ts';

export type Speaker = 'agent' | 'caller';
export type Turn = readonly [Speaker, string];
export type Sentiment = 'positive' | 'neutral' | 'negative';
export type ThemeKey = 'clinic' | 'insurance';

export interface CallerContext {
  /** Null when the caller did not give a name. */
  firstName: string | null;
  lastName: string | null;
  organisationName: string;
  agentName: string;
}

export interface Script {
  summary: string;
  /** The conversation after the greeting, in order. */
  turns: Turn[];
  /** Optional exchanges (pairs), added in order while the call is long enough. */
  extras: Turn[];
  sentiment: Sentiment;
  /** Bodies for NOTE activities a member might add while following the call up. */
  notes: string[];
}

export interface Topic {
  key: string;
  weight: number;
  direction: 'inbound' | 'outbound';
  /** Outbound calls that reached a voicemail box. */
  voicemail?: boolean;
  script: (random: SeededRandom, caller: CallerContext) => Script;
}

export interface Theme {
  key: ThemeKey;
  topics: Topic[];
  firstNames: readonly string[];
  lastNames: readonly string[];
  /** Hours to add to UTC to get the callers' local time (office hours are local). */
  utcOffsetHours: number;
  /** Share of callers dialling from the other country code. */
  foreignCallerShare: number;
  homeCountry: 'GB' | 'US';
  verification: (random: SeededRandom, caller: CallerContext) => Turn[];
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
const SLOT_TIMES = [
  '08:40',
  '09:10',
  '09:50',
  '10:30',
  '11:15',
  '12:00',
  '14:20',
  '15:00',
  '15:45',
  '16:30',
];

function mood(
  random: SeededRandom,
  positive: number,
  neutral: number,
  negative: number,
): Sentiment {
  return (
    (['positive', 'neutral', 'negative'] as const)[
      random.weightedIndex([positive, neutral, negative])
    ] ?? 'neutral'
  );
}

function nameOr(caller: CallerContext, fallback: string): string {
  return caller.firstName ?? fallback;
}

function who(caller: CallerContext): string {
  return caller.firstName && caller.lastName
    ? `${caller.firstName} ${caller.lastName}`
    : 'The caller';
}

function money(random: SeededRandom, symbol: string, min: number, max: number): string {
  const pence = random.int(min * 100, max * 100);
  return `${symbol}${(pence / 100).toFixed(2)}`;
}

// ---------------------------------------------------------------------------------------------
// Clinics (Northwind)
// ---------------------------------------------------------------------------------------------

const CLINICIANS = [
  'Dr Patel',
  'Dr Hughes',
  'Dr Okoro',
  'Dr Lindqvist',
  'Dr Fraser',
  'Nurse Bennett',
  'Nurse Adeyemi',
];
const APPOINTMENT_KINDS = [
  'GP',
  'nurse',
  'physiotherapy',
  'blood test',
  'flu vaccination',
  'follow-up',
  'asthma review',
  'travel vaccination',
];
const MEDICATIONS = [
  'amoxicillin',
  'sertraline',
  'a salbutamol inhaler',
  'levothyroxine',
  'ramipril',
  'metformin',
  'atorvastatin',
  'omeprazole',
  'the contraceptive pill',
];
const PHARMACIES = [
  'Boots on the High Street',
  'the in-house pharmacy',
  'Lloyds on Station Road',
  'Well Pharmacy by the park',
];
const TESTS = ['blood test', 'urine test', 'cholesterol check', 'ECG', 'X-ray', 'thyroid panel'];

const clinicTopics: Topic[] = [
  {
    key: 'book-appointment',
    weight: 24,
    direction: 'inbound',
    script: (random, caller) => {
      const kind = random.pick(APPOINTMENT_KINDS);
      const clinician = random.pick(CLINICIANS);
      const day = random.pick(WEEKDAYS);
      const time = random.pick(SLOT_TIMES);
      const booked = random.chance(0.82);
      const reason = random.pick([
        'a sore knee',
        'a persistent cough',
        'a rash that will not go away',
        'my annual check-up',
        'back pain',
        'headaches',
        'my blood pressure',
      ]);
      return {
        summary: booked
          ? `${who(caller)} booked a ${kind} appointment with ${clinician} on ${day} at ${time} about ${reason.replace('my ', 'their ')}.`
          : `${who(caller)} wanted a ${kind} appointment this week about ${reason.replace('my ', 'their ')}; no slots were free, so they were added to the waiting list.`,
        turns: [
          ['caller', `Hi, I'd like to book a ${kind} appointment, please. It's about ${reason}.`],
          ['agent', `Of course. Do you have a preferred day or clinician?`],
          [
            'caller',
            random.pick([
              `Any day this week is fine.`,
              `${day} would be best if possible.`,
              `I'd prefer ${clinician} if they're free.`,
            ]),
          ],
          booked
            ? ['agent', `I have ${clinician} on ${day} at ${time}. Shall I book that for you?`]
            : [
                'agent',
                `I'm sorry, there are no ${kind} slots left this week. I can add you to the waiting list and we'll call if one opens up.`,
              ],
          booked ? ['caller', `Yes, that's perfect.`] : ['caller', `Okay, please do that.`],
          booked
            ? [
                'agent',
                `That's booked. You'll get a text confirmation shortly; please arrive ten minutes early.`,
              ]
            : ['agent', `You're on the list. If it gets worse, please call back or use NHS 111.`],
        ],
        extras: [
          ['caller', `Is there parking at the clinic?`],
          [
            'agent',
            `Yes, there's a small car park behind the building, free for the first two hours.`,
          ],
          ['caller', `Do I need to bring anything?`],
          ['agent', `Just a list of any medication you're taking.`],
          ['caller', `Can I bring my son along? He's twelve.`],
          ['agent', `Of course, that's no problem at all.`],
        ],
        sentiment: booked ? mood(random, 6, 4, 0.3) : mood(random, 1, 5, 3),
        notes: booked
          ? [`Confirmed ${kind} slot with ${clinician}, ${day} ${time}.`, `Sent confirmation text.`]
          : [
              `Added to ${kind} waiting list.`,
              `Called back with a cancellation slot on ${day} ${time}; accepted.`,
              `No cancellation yet, will try again tomorrow.`,
            ],
      };
    },
  },
  {
    key: 'reschedule',
    weight: 12,
    direction: 'inbound',
    script: (random, caller) => {
      const from = random.pick(WEEKDAYS);
      const to = random.pick(WEEKDAYS.filter((day) => day !== from));
      const time = random.pick(SLOT_TIMES);
      const clinician = random.pick(CLINICIANS);
      const why = random.pick([
        'a work meeting',
        'childcare',
        'a hospital appointment',
        'travel',
        'a family emergency',
      ]);
      return {
        summary: `${who(caller)} moved their appointment with ${clinician} from ${from} to ${to} at ${time} because of ${why}.`,
        turns: [
          ['caller', `Hello, I need to move my appointment on ${from}. Something's come up.`],
          [
            'agent',
            `No problem. I can see your appointment with ${clinician}. When would suit you better?`,
          ],
          ['caller', `Anything later in the week, ideally. I have ${why} on ${from}.`],
          ['agent', `${clinician} has ${to} at ${time}. Would that work?`],
          ['caller', `Yes, that works.`],
          ['agent', `Done. I've cancelled ${from} and booked you in for ${to} at ${time}.`],
        ],
        extras: [
          ['caller', `Will I still get a reminder text?`],
          ['agent', `Yes, the day before the appointment.`],
          ['caller', `And is it still at the same clinic?`],
          ['agent', `Yes, the same building on Church Lane.`],
        ],
        sentiment: mood(random, 5, 5, 0.5),
        notes: [`Rescheduled to ${to} ${time}.`, `Freed ${from} slot offered to the waiting list.`],
      };
    },
  },
  {
    key: 'cancel-appointment',
    weight: 6,
    direction: 'inbound',
    script: (random, caller) => {
      const day = random.pick(WEEKDAYS);
      const kind = random.pick(APPOINTMENT_KINDS);
      const [why, because] = random.pick([
        ['is feeling better', `I'm feeling much better now`],
        ['is away that week', `I'll be away that week`],
        ['has seen a doctor elsewhere', `I've already seen a doctor at the walk-in centre`],
        ['cannot get time off work', `I can't get the time off work`],
      ] as const);
      return {
        summary: `${who(caller)} cancelled their ${kind} appointment on ${day}; the caller ${why}.`,
        turns: [
          ['caller', `Hi, I need to cancel my ${kind} appointment on ${day}.`],
          [
            'agent',
            `I can help with that. May I ask why, so we can offer the slot to someone else?`,
          ],
          ['caller', `${because}.`],
          ['agent', `Thank you for letting us know. The appointment on ${day} is cancelled.`],
        ],
        extras: [
          ['agent', `Would you like to book another time instead?`],
          ['caller', `Not right now, I'll call again if I need to.`],
        ],
        sentiment: mood(random, 2, 7, 0.5),
        notes: [`Slot released.`],
      };
    },
  },
  {
    key: 'prescription',
    weight: 18,
    direction: 'inbound',
    script: (random, caller) => {
      const medication = random.pick(MEDICATIONS);
      const pharmacy = random.pick(PHARMACIES);
      const needsReview = random.chance(0.3);
      return {
        summary: needsReview
          ? `${who(caller)} asked for a repeat prescription of ${medication}; a medication review is due, so a clinician will call back before it is issued.`
          : `${who(caller)} requested a repeat prescription of ${medication}, to be sent to ${pharmacy} within two working days.`,
        turns: [
          [
            'caller',
            `Hi, I'm calling about my repeat prescription for ${medication}. I'm nearly out.`,
          ],
          ['agent', `Let me check your record. Which pharmacy do you use?`],
          ['caller', `${pharmacy}, please.`],
          needsReview
            ? [
                'agent',
                `I can see your medication review is overdue, so a clinician needs to speak to you before we issue it. They'll call you back today or tomorrow.`,
              ]
            : [
                'agent',
                `Thanks. I've sent the request; it should be ready at ${pharmacy} within two working days.`,
              ],
          needsReview
            ? ['caller', `Okay. I only have three days' supply left.`]
            : ['caller', `Great, thank you.`],
        ],
        extras: [
          ['caller', `Can I order it online next time?`],
          ['agent', `Yes, through the NHS App or our website once you've registered.`],
          ['caller', `Will the pharmacy text me when it's ready?`],
          ['agent', `Most do; ${pharmacy} usually sends a text.`],
          ['caller', `Could you also add my inhaler?`],
          ['agent', `I've added it to the same request.`],
        ],
        sentiment: needsReview ? mood(random, 0.5, 5, 3) : mood(random, 5, 5, 0.3),
        notes: needsReview
          ? [
              `Medication review booked with the duty clinician.`,
              `Clinician approved a one-month supply pending review.`,
            ]
          : [`Prescription sent to ${pharmacy}.`],
      };
    },
  },
  {
    key: 'test-results',
    weight: 10,
    direction: 'inbound',
    script: (random, caller) => {
      const test = random.pick(TESTS);
      const ready = random.chance(0.6);
      const clinician = random.pick(CLINICIANS);
      return {
        summary: ready
          ? `${who(caller)} asked for their ${test} results; results are back and ${clinician} will call to discuss them.`
          : `${who(caller)} asked for their ${test} results, which are not back yet; advised to call again in three to five days.`,
        turns: [
          ['caller', `I had a ${test} last week and wanted to know if the results are in.`],
          ['agent', `Let me have a look.`],
          ready
            ? [
                'agent',
                `The results are back. ${clinician} would like to go through them with you, so they'll call you this afternoon.`,
              ]
            : [
                'agent',
                `They're not back from the lab yet. It usually takes up to ten working days.`,
              ],
          ready
            ? ['caller', `Is it anything to worry about?`]
            : ['caller', `Okay, when should I try again?`],
          ready
            ? ['agent', `I can't say, I'm afraid, but a call back is routine.`]
            : ['agent', `Please try again in three to five days.`],
        ],
        extras: [
          ['caller', `Can I see them in the app?`],
          ['agent', `Once the clinician has reviewed them, yes.`],
          ['caller', `What number will they call from?`],
          ['agent', `It will show as a withheld number.`],
        ],
        sentiment: mood(random, 2, 6, ready ? 1 : 2),
        notes: ready
          ? [
              `${clinician} to call back about ${test} results.`,
              `Results discussed, no action needed.`,
            ]
          : [`Chased lab for ${test} results.`],
      };
    },
  },
  {
    key: 'billing',
    weight: 11,
    direction: 'inbound',
    script: (random, caller) => {
      const invoice = `NW-${random.digits(6)}`;
      const amount = money(random, '£', 25, 320);
      const outcome = random.pick(['explained', 'payment-plan', 'refund'] as const);
      const service = random.pick([
        'private physiotherapy',
        'a travel vaccination',
        'a medical report',
        'an insurance form',
        'a private prescription',
      ]);
      const summaries = {
        explained: `${who(caller)} queried invoice ${invoice} (${amount}) for ${service}; the charge was explained and the caller will pay online.`,
        'payment-plan': `${who(caller)} could not pay invoice ${invoice} (${amount}) for ${service} in one go; a three-month payment plan was agreed.`,
        refund: `${who(caller)} was charged twice for ${service} (invoice ${invoice}, ${amount}); a refund of the duplicate payment was requested.`,
      };
      return {
        summary: summaries[outcome],
        turns: [
          [
            'caller',
            `Hello, I've received invoice ${invoice} for ${amount} and I don't understand it.`,
          ],
          ['agent', `I can help. That invoice is for ${service}.`],
          outcome === 'refund'
            ? ['caller', `But I already paid for that, and my bank shows two payments.`]
            : outcome === 'payment-plan'
              ? ['caller', `Right. I can't pay that all at once at the moment.`]
              : ['caller', `Oh, I see. I thought that was covered.`],
          outcome === 'refund'
            ? [
                'agent',
                `I can see both payments. I'll raise a refund for the duplicate; it takes five to seven working days.`,
              ]
            : outcome === 'payment-plan'
              ? [
                  'agent',
                  `We can split it over three months. I'll set that up and email the details.`,
                ]
              : [
                  'agent',
                  `Private services aren't covered by the NHS, I'm afraid. You can pay online with the invoice number.`,
                ],
          ['caller', `Okay, thank you.`],
        ],
        extras: [
          ['caller', `Can I pay by card over the phone?`],
          ['agent', `Yes, or online, whichever is easier.`],
          ['caller', `Will I get a receipt?`],
          ['agent', `Yes, by email as soon as the payment goes through.`],
        ],
        sentiment: outcome === 'refund' ? mood(random, 1, 4, 4) : mood(random, 2, 6, 1.5),
        notes:
          outcome === 'refund'
            ? [`Refund of ${amount} raised with finance.`, `Refund confirmed by finance.`]
            : outcome === 'payment-plan'
              ? [`Payment plan set up for ${invoice}.`]
              : [`Payment received for ${invoice}.`],
      };
    },
  },
  {
    key: 'registration',
    weight: 6,
    direction: 'inbound',
    script: (random, caller) => {
      const from = random.pick([
        'Leeds',
        'Bristol',
        'Glasgow',
        'Cardiff',
        'abroad',
        'another practice across town',
      ]);
      const people = random.pick([
        'on my own',
        'with my partner',
        'with my two children',
        'with my family',
      ]);
      return {
        summary: `${who(caller)} wants to register as a new patient ${people.replace('my', 'their')}, having moved from ${from}; registration forms were emailed.`,
        turns: [
          ['caller', `Hi, we've just moved here from ${from} and I'd like to register ${people}.`],
          ['agent', `Welcome! Are you within our catchment area? Can I take your postcode?`],
          [
            'caller',
            `Yes, it's ${random.pick(['NW3', 'NW6', 'N7', 'N19'])} ${random.int(1, 9)}${random.pick(['AB', 'DQ', 'HX', 'LT'])}.`,
          ],
          [
            'agent',
            `That's within our area. I'll email you the registration forms; once they're back it takes about a week.`,
          ],
          ['caller', `Brilliant, thank you.`],
        ],
        extras: [
          ['caller', `Do we need to bring ID?`],
          ['agent', `Photo ID and a proof of address, please.`],
          ['caller', `Can the children see a doctor before it's done?`],
          ['agent', `If it's urgent, yes, we can see them as temporary residents.`],
        ],
        sentiment: mood(random, 5, 5, 0.3),
        notes: [`Registration forms emailed.`, `Forms received, passed to registrations team.`],
      };
    },
  },
  {
    key: 'complaint',
    weight: 4,
    direction: 'inbound',
    script: (random, caller) => {
      const issue = random.pick([
        'waited 50 minutes past their appointment time',
        'could not get through on the phone for three days',
        'had an appointment cancelled at short notice',
        'was given the wrong prescription dose',
      ]);
      return {
        summary: `${who(caller)} complained that they ${issue}; the complaint was logged and the practice manager will reply within five working days.`,
        turns: [
          ['caller', `I want to make a complaint. I ${issue.replace('their', 'my')}.`],
          [
            'agent',
            `I'm very sorry to hear that. I'll log a formal complaint so the practice manager can look into it.`,
          ],
          ['caller', `This isn't the first time, either.`],
          ['agent', `I understand. The practice manager will reply within five working days.`],
          ['caller', `Fine. I expect to hear back.`],
        ],
        extras: [
          ['caller', `Who is the practice manager?`],
          ['agent', `Helen Marsh. She handles every complaint personally.`],
          ['caller', `Can I have a reference for this?`],
          ['agent', `Yes, it's CMP-${random.digits(4)}.`],
        ],
        sentiment: mood(random, 0, 1, 8),
        notes: [
          `Complaint logged, passed to the practice manager.`,
          `Practice manager called the patient and apologised.`,
        ],
      };
    },
  },
  {
    key: 'appointment-reminder',
    weight: 6,
    direction: 'outbound',
    script: (random, caller) => {
      const day = random.pick(WEEKDAYS);
      const time = random.pick(SLOT_TIMES);
      const clinician = random.pick(CLINICIANS);
      const keeps = random.chance(0.8);
      return {
        summary: keeps
          ? `Reminder call: ${who(caller).replace('The caller', 'the patient')} confirmed their appointment with ${clinician} on ${day} at ${time}.`
          : `Reminder call: ${who(caller).replace('The caller', 'the patient')} can no longer make ${day} at ${time} and asked for a call back to rebook.`,
        turns: [
          ['caller', `Hello?`],
          [
            'agent',
            `Hi ${nameOr(caller, 'there')}, this is ${caller.organisationName} reminding you of your appointment with ${clinician} on ${day} at ${time}. Can you still make it?`,
          ],
          keeps
            ? ['caller', `Yes, I'll be there.`]
            : ['caller', `Actually, no. Could someone call me to rebook?`],
          keeps
            ? ['agent', `Great, see you then.`]
            : ['agent', `Of course. I've cancelled it and asked reception to call you back.`],
        ],
        extras: [],
        sentiment: keeps ? mood(random, 5, 5, 0) : mood(random, 1, 6, 1),
        notes: keeps
          ? [`Attendance confirmed.`]
          : [`Called back and rebooked.`, `No answer on call back, will try again.`],
      };
    },
  },
  {
    key: 'reminder-voicemail',
    weight: 3,
    direction: 'outbound',
    voicemail: true,
    script: (random, caller) => {
      const day = random.pick(WEEKDAYS);
      const time = random.pick(SLOT_TIMES);
      return {
        summary: `Reminder for the ${day} ${time} appointment left on voicemail; no confirmation yet.`,
        turns: [
          [
            'caller',
            `You've reached ${caller.firstName ?? 'this number'}. Please leave a message after the tone.`,
          ],
          [
            'agent',
            `Hi, this is ${caller.organisationName} with a reminder of your appointment on ${day} at ${time}.`,
          ],
          [
            'agent',
            `If you can't make it, please call us back so we can offer the slot to someone else.`,
          ],
          ['agent', `Thank you, goodbye.`],
        ],
        extras: [],
        sentiment: 'neutral',
        notes: [`No reply to voicemail yet.`],
      };
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Insurance (Globex)
// ---------------------------------------------------------------------------------------------

const ADJUSTERS = [
  'Maria Chen',
  'Dev Raman',
  'Tom Becker',
  'Alicia Ford',
  'Sam Ortiz',
  'Priya Nair',
];
const VEHICLES = [
  '2019 Honda Civic',
  '2021 Toyota RAV4',
  '2016 Ford F-150',
  '2022 Tesla Model 3',
  '2018 Subaru Outback',
  '2020 Jeep Wrangler',
];
const US_CITIES = ['Columbus', 'Austin', 'Denver', 'Raleigh', 'Phoenix', 'Tampa', 'Portland'];

function claimNumber(random: SeededRandom): string {
  return `CLM-${random.digits(7)}`;
}

function policyNumber(random: SeededRandom): string {
  return `GX-${random.pick(['AU', 'HO', 'RN', 'TR'])}-${random.digits(6)}`;
}

const insuranceTopics: Topic[] = [
  {
    key: 'auto-claim',
    weight: 16,
    direction: 'inbound',
    script: (random, caller) => {
      const vehicle = random.pick(VEHICLES);
      const what = random.pick([
        'was rear-ended at a stop light',
        'backed into a post in a parking lot',
        'had the windshield cracked by a rock on the highway',
        'was hit by another driver who ran a red light',
        'hit a deer on a county road',
      ]);
      const claim = claimNumber(random);
      const injured = random.chance(0.15);
      const city = random.pick(US_CITIES);
      return {
        summary: `${who(caller)} reported that their ${vehicle} ${what} in ${city}${injured ? '; minor injuries reported' : '; no injuries'}. Claim ${claim} opened and an adjuster will call within one business day.`,
        turns: [
          [
            'caller',
            `Hi, I need to report an accident. My ${vehicle} ${what.replace('their', 'my')}.`,
          ],
          ['agent', `I'm sorry to hear that. First, is everyone okay?`],
          injured
            ? ['caller', `My neck is a bit sore, but nothing serious.`]
            : ['caller', `Yes, nobody was hurt.`],
          ['agent', `Good. Where and when did it happen?`],
          [
            'caller',
            `In ${city}, ${random.pick(['this morning', 'yesterday evening', 'on Saturday', 'about an hour ago'])}.`,
          ],
          [
            'agent',
            `Thank you. I've opened claim ${claim}. An adjuster will call you within one business day.`,
          ],
        ],
        extras: [
          ['caller', `Is a rental car covered?`],
          ['agent', `Your policy includes rental reimbursement up to $40 a day.`],
          ['agent', `Did you take any photos of the damage?`],
          ['caller', `Yes, I have a few on my phone.`],
          ['agent', `Please upload them in the Globex app under the claim number.`],
          ['caller', `Will do.`],
          ['caller', `Do I need a police report?`],
          ['agent', `If the police attended, please send us the report number.`],
        ],
        sentiment: mood(random, 2, 6, injured ? 3 : 1.5),
        notes: [
          `Adjuster assigned to ${claim}.`,
          `Photos received for ${claim}.`,
          `Rental authorised for ${claim}.`,
        ],
      };
    },
  },
  {
    key: 'home-claim',
    weight: 10,
    direction: 'inbound',
    script: (random, caller) => {
      const damage = random.pick([
        'a burst pipe flooded the basement',
        'a storm tore shingles off the roof',
        'there was a break-in and a laptop and jewelry were taken',
        'a kitchen fire damaged the cabinets',
        'a tree fell on the garage',
      ]);
      const claim = claimNumber(random);
      const emergency = random.chance(0.35);
      return {
        summary: `${who(caller)} reported home damage: ${damage}. Claim ${claim} opened${emergency ? '; emergency mitigation service dispatched' : ''}.`,
        turns: [
          [
            'caller',
            `Hello, I need to file a claim on my home insurance. ${damage.charAt(0).toUpperCase()}${damage.slice(1)}.`,
          ],
          ['agent', `I'm sorry. Is the property safe to stay in?`],
          emergency
            ? ['caller', `Not really, there's water everywhere.`]
            : ['caller', `Yes, we're okay for now.`],
          emergency
            ? [
                'agent',
                `I'm sending an emergency mitigation team; they'll contact you within two hours.`,
              ]
            : ['agent', `Please take photos and keep any receipts for repairs.`],
          ['agent', `Your claim number is ${claim}.`],
          ['caller', `Thank you.`],
        ],
        extras: [
          ['caller', `What's my deductible?`],
          ['agent', `Your deductible is $${random.pick(['500', '1,000', '2,500'])}.`],
          ['caller', `Can I start repairs myself?`],
          ['agent', `Only to stop further damage; please wait for the adjuster for the rest.`],
        ],
        sentiment: mood(random, 1, 5, emergency ? 4 : 2),
        notes: [`Mitigation vendor confirmed for ${claim}.`, `Inspection scheduled for ${claim}.`],
      };
    },
  },
  {
    key: 'claim-status',
    weight: 16,
    direction: 'inbound',
    script: (random, caller) => {
      const claim = claimNumber(random);
      const adjuster = random.pick(ADJUSTERS);
      const stage = random.pick(['approved', 'under-review', 'waiting-documents'] as const);
      const amount = money(random, '$', 400, 9000);
      const summaries = {
        approved: `${who(caller)} checked on claim ${claim}; it is approved and a payment of ${amount} will arrive in 3–5 business days.`,
        'under-review': `${who(caller)} checked on claim ${claim}; it is still under review with adjuster ${adjuster}, who will call with an update.`,
        'waiting-documents': `${who(caller)} checked on claim ${claim}; it is on hold until the repair estimate is received.`,
      };
      return {
        summary: summaries[stage],
        turns: [
          ['caller', `Hi, I'm calling to check the status of my claim, ${claim}.`],
          ['agent', `Let me pull that up.`],
          stage === 'approved'
            ? [
                'agent',
                `Good news: it's approved. A payment of ${amount} is on its way and should arrive in three to five business days.`,
              ]
            : stage === 'under-review'
              ? [
                  'agent',
                  `It's still with ${adjuster} for review. They're waiting on the inspection report.`,
                ]
              : [
                  'agent',
                  `We're still waiting for the repair estimate from your shop. Once we have it, we can move forward.`,
                ],
          stage === 'approved'
            ? ['caller', `That's great, thank you!`]
            : ['caller', `It's been weeks already. Can someone call me?`],
          stage === 'approved'
            ? ['agent', `You're welcome.`]
            : ['agent', `I'll ask ${adjuster} to call you with an update.`],
        ],
        extras: [
          ['caller', `Will the payment go to my bank account?`],
          ['agent', `Yes, to the account on file.`],
          ['caller', `Can I email the documents instead?`],
          ['agent', `Yes, to claims@globex.test with the claim number in the subject.`],
        ],
        sentiment: stage === 'approved' ? mood(random, 7, 3, 0) : mood(random, 0.5, 4, 4),
        notes:
          stage === 'approved'
            ? [`Payment of ${amount} issued on ${claim}.`]
            : [
                `Asked ${adjuster} to call the customer about ${claim}.`,
                `Estimate received for ${claim}.`,
              ],
      };
    },
  },
  {
    key: 'policy-question',
    weight: 14,
    direction: 'inbound',
    script: (random, caller) => {
      const policy = policyNumber(random);
      const question = random.pick([
        [
          'whether roadside assistance is included',
          'Roadside assistance is included, with towing up to 25 miles.',
        ],
        [
          'whether their policy covers a rental car abroad',
          'Rentals in Canada are covered; elsewhere you need the rental company’s insurance.',
        ],
        [
          'what the deductible is for windshield repair',
          'Windshield repairs have no deductible; replacements use your comprehensive deductible.',
        ],
        [
          'whether a home office is covered',
          'Business equipment is covered up to $2,500; we can add a rider for more.',
        ],
        [
          'how to add a teenage driver',
          'We can add them once they have a permit; it changes the premium from the next renewal.',
        ],
      ] as const);
      return {
        summary: `${who(caller)} asked ${question[0]} on policy ${policy}; the agent explained the coverage.`,
        turns: [
          ['caller', `I have a question about my policy, ${policy}.`],
          ['agent', `Sure, what would you like to know?`],
          ['caller', `I wanted to check ${question[0].replace('their', 'my')}.`],
          ['agent', question[1]],
          ['caller', `Okay, that helps. Thanks.`],
        ],
        extras: [
          ['caller', `Can you email me that in writing?`],
          ['agent', `Yes, I'll send a summary to the email on file.`],
          ['caller', `When does my policy renew?`],
          [
            'agent',
            `On the ${random.int(1, 28)}th of ${random.pick(['March', 'June', 'September', 'December'])}.`,
          ],
        ],
        sentiment: mood(random, 4, 6, 0.5),
        notes: [`Coverage summary emailed for ${policy}.`],
      };
    },
  },
  {
    key: 'policy-change',
    weight: 10,
    direction: 'inbound',
    script: (random, caller) => {
      const policy = policyNumber(random);
      const change = random.pick([
        'update my mailing address',
        'add my spouse as a driver',
        'swap my car for a new one',
        'raise my deductible to lower the premium',
        'remove a vehicle I sold',
      ]);
      const delta = random.int(-30, 45);
      return {
        summary: `${who(caller)} asked to ${change.replace(/\bmy\b/g, 'their').replace('I sold', 'they sold')} on policy ${policy}; change made, premium ${delta === 0 ? 'unchanged' : delta > 0 ? `up $${delta}/month` : `down $${-delta}/month`}.`,
        turns: [
          ['caller', `Hi, I need to ${change} on policy ${policy}.`],
          ['agent', `I can do that for you. Let me make the change.`],
          [
            'agent',
            delta === 0
              ? `Done. Your premium stays the same.`
              : `Done. Your premium will ${delta > 0 ? 'go up' : 'go down'} by $${Math.abs(delta)} a month.`,
          ],
          ['caller', delta > 20 ? `Hmm, that's more than I expected.` : `Okay, sounds good.`],
        ],
        extras: [
          ['caller', `When does that take effect?`],
          ['agent', `From today; you'll get updated documents by email.`],
          ['caller', `Do I need a new insurance card?`],
          ['agent', `Yes, it's in the app now.`],
        ],
        sentiment: delta > 20 ? mood(random, 0.5, 4, 3) : mood(random, 4, 5, 0.3),
        notes: [`Endorsement issued on ${policy}.`],
      };
    },
  },
  {
    key: 'quote',
    weight: 8,
    direction: 'inbound',
    script: (random, caller) => {
      const product = random.pick(['auto', 'home', 'renters', 'umbrella', 'travel']);
      const premium = random.int(18, 240);
      const accepted = random.chance(0.4);
      return {
        summary: `${who(caller)} requested a ${product} insurance quote: $${premium}/month${accepted ? '; the caller accepted and the policy was bound' : '; quote emailed, caller will decide'}.`,
        turns: [
          ['caller', `Hi, I'm looking for a quote for ${product} insurance.`],
          ['agent', `Happy to help. I'll need a few details.`],
          ['caller', `Sure, go ahead.`],
          ['agent', `Based on what you've told me, it comes to $${premium} a month.`],
          accepted
            ? ['caller', `That's better than my current one. Let's do it.`]
            : ['caller', `Let me think about it. Can you email it?`],
          accepted
            ? ['agent', `Great, your policy starts tomorrow.`]
            : ['agent', `Of course, it's on its way and valid for 30 days.`],
        ],
        extras: [
          ['caller', `Is there a discount for bundling?`],
          ['agent', `Yes, 10% if you combine home and auto.`],
          ['caller', `Can I pay annually?`],
          ['agent', `Yes, and that saves another 5%.`],
        ],
        sentiment: accepted ? mood(random, 7, 3, 0) : mood(random, 2, 7, 0.5),
        notes: accepted
          ? [`Policy bound, welcome pack sent.`]
          : [`Quote follow-up scheduled.`, `Customer chose another insurer.`],
      };
    },
  },
  {
    key: 'billing',
    weight: 8,
    direction: 'inbound',
    script: (random, caller) => {
      const policy = policyNumber(random);
      const amount = money(random, '$', 40, 260);
      const lapsed = random.chance(0.3);
      return {
        summary: lapsed
          ? `${who(caller)}'s autopay failed and policy ${policy} was about to lapse; a payment of ${amount} was taken and coverage continues.`
          : `${who(caller)} asked why their bill for policy ${policy} is ${amount}; the agent explained the renewal increase.`,
        turns: lapsed
          ? [
              ['caller', `I got a letter saying my policy will be cancelled for non-payment.`],
              [
                'agent',
                `I see the autopay failed this month. I can take the payment of ${amount} now.`,
              ],
              ['caller', `Please do. I changed banks and forgot to update it.`],
              ['agent', `Done, your coverage continues. I've also updated the bank details.`],
            ]
          : [
              ['caller', `My bill went up to ${amount}. Why is that?`],
              ['agent', `At renewal, rates in your area increased, and a discount expired.`],
              ['caller', `Is there anything I can do to bring it down?`],
              ['agent', `You could raise your deductible or add a safe-driver program.`],
            ],
        extras: [
          ['caller', `Can I change my payment date?`],
          ['agent', `Yes, I've moved it to the 15th.`],
        ],
        sentiment: mood(random, 1, 5, 3),
        notes: [`Payment of ${amount} posted to ${policy}.`, `Sent safe-driver program details.`],
      };
    },
  },
  {
    key: 'cancellation',
    weight: 4,
    direction: 'inbound',
    script: (random, caller) => {
      const policy = policyNumber(random);
      const retained = random.chance(0.35);
      return {
        summary: retained
          ? `${who(caller)} wanted to cancel policy ${policy} over price; accepted a loyalty discount and stayed.`
          : `${who(caller)} cancelled policy ${policy}, switching insurer; cancellation effective at the end of the month.`,
        turns: [
          ['caller', `I'd like to cancel my policy, ${policy}. I found a cheaper one.`],
          ['agent', `I'm sorry to hear that. Before you go, I can offer a 12% loyalty discount.`],
          retained
            ? ['caller', `Oh, in that case I'll stay.`]
            : ['caller', `No thanks, I've made up my mind.`],
          retained
            ? ['agent', `Great, I've applied it from your next bill.`]
            : ['agent', `Understood. The cancellation takes effect at the end of the month.`],
        ],
        extras: [
          ['caller', `Will I get a refund?`],
          ['agent', `Yes, any unused premium is refunded within ten days.`],
        ],
        sentiment: retained ? mood(random, 4, 5, 0.5) : mood(random, 0.5, 5, 3),
        notes: retained ? [`Loyalty discount applied.`] : [`Cancellation processed.`],
      };
    },
  },
  {
    key: 'complaint',
    weight: 4,
    direction: 'inbound',
    script: (random, caller) => {
      const claim = claimNumber(random);
      return {
        summary: `${who(caller)} complained about slow handling of claim ${claim} and unanswered emails; escalated to a claims supervisor.`,
        turns: [
          ['caller', `My claim ${claim} has been open for six weeks and nobody answers my emails.`],
          ['agent', `I'm very sorry. That's not the service we want to give.`],
          ['caller', `I want to speak to a supervisor.`],
          ['agent', `I've escalated it; a claims supervisor will call you by tomorrow.`],
          ['caller', `I hope so.`],
        ],
        extras: [
          ['caller', `Can I file a complaint with the state?`],
          ['agent', `You can; I'll email you the Department of Insurance details too.`],
        ],
        sentiment: mood(random, 0, 1, 9),
        notes: [
          `Escalated ${claim} to claims supervisor.`,
          `Supervisor called the customer; payment expedited.`,
        ],
      };
    },
  },
  {
    key: 'claim-follow-up',
    weight: 6,
    direction: 'outbound',
    script: (random, caller) => {
      const claim = claimNumber(random);
      const document = random.pick([
        'the police report number',
        'photos of the damage',
        'the repair estimate',
        'a signed medical release',
        'the receipts for the stolen items',
      ]);
      return {
        summary: `Follow-up on claim ${claim}: asked ${who(caller).replace('The caller', 'the customer')} for ${document}; they will upload it in the app.`,
        turns: [
          ['caller', `Hello?`],
          [
            'agent',
            `Hi ${nameOr(caller, 'there')}, this is ${caller.organisationName} calling about claim ${claim}. We still need ${document}.`,
          ],
          ['caller', `Oh, sorry, I'll send it today.`],
          ['agent', `Thank you. You can upload it in the app under the claim number.`],
        ],
        extras: [
          ['caller', `How long after that until I hear back?`],
          ['agent', `Usually within five business days.`],
        ],
        sentiment: mood(random, 3, 6, 1),
        notes: [
          `${document.charAt(0).toUpperCase()}${document.slice(1)} received for ${claim}.`,
          `Still waiting on ${document}.`,
        ],
      };
    },
  },
  {
    key: 'follow-up-voicemail',
    weight: 3,
    direction: 'outbound',
    voicemail: true,
    script: (random, caller) => {
      const claim = claimNumber(random);
      return {
        summary: `Left a voicemail about claim ${claim} asking the customer to call back.`,
        turns: [
          ['caller', `Hi, you've reached ${caller.firstName ?? 'us'}. Leave a message.`],
          ['agent', `Hello, this is ${caller.organisationName} calling about claim ${claim}.`],
          ['agent', `Please call us back at your convenience so we can keep your claim moving.`],
          ['agent', `Thank you.`],
        ],
        extras: [],
        sentiment: 'neutral',
        notes: [`Second voicemail left about ${claim}.`],
      };
    },
  },
];

const UK_FIRST_NAMES = [
  'Olivia',
  'Amelia',
  'Isla',
  'Freya',
  'Harriet',
  'Priya',
  'Aisha',
  'Megan',
  'Chloe',
  'Sophie',
  'Oliver',
  'George',
  'Harry',
  'Jack',
  'Callum',
  'Rhys',
  'Arjun',
  'Tom',
  'Owen',
  'Ewan',
  'Fiona',
  'Niamh',
  'Siobhan',
  'Graham',
  'Margaret',
  'Keith',
  'Bethany',
  'Imran',
  'Yusuf',
  'Zara',
];
const UK_LAST_NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Davies',
  'Evans',
  'Thomas',
  'Roberts',
  'Walker',
  'Wright',
  'Robinson',
  'Khan',
  'Patel',
  'Hughes',
  'Edwards',
  'Green',
  'Hall',
  'Wood',
  'MacLeod',
  'Campbell',
  'Murphy',
  "O'Neill",
  'Clarke',
  'Singh',
  'Begum',
  'Lewis',
  'Morgan',
  'Baker',
];
const US_FIRST_NAMES = [
  'James',
  'Mary',
  'Michael',
  'Jennifer',
  'David',
  'Linda',
  'Carlos',
  'Maria',
  'Daniel',
  'Jessica',
  'Ashley',
  'Tyler',
  'Brandon',
  'Kayla',
  'Jamal',
  'Keisha',
  'Wei',
  'Mei',
  'Jose',
  'Sofia',
  'Ethan',
  'Madison',
  'Logan',
  'Hannah',
  'Dakota',
  'Tanya',
  'Raymond',
  'Gloria',
  'Kevin',
  'Brittany',
];
const US_LAST_NAMES = [
  'Johnson',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Anderson',
  'Thomas',
  'Jackson',
  'White',
  'Harris',
  'Martin',
  'Thompson',
  'Moore',
  'Young',
  'Allen',
  'King',
  'Nguyen',
  'Kim',
  'Chen',
  'Washington',
  'Brooks',
  'Rivera',
  'Flores',
  'Reed',
  'Cooper',
  'Sullivan',
];

const DOB_MONTHS = [
  'January',
  'March',
  'April',
  'June',
  'July',
  'September',
  'October',
  'December',
];

export const THEMES: Record<ThemeKey, Theme> = {
  clinic: {
    key: 'clinic',
    topics: clinicTopics,
    firstNames: UK_FIRST_NAMES,
    lastNames: UK_LAST_NAMES,
    utcOffsetHours: 0,
    foreignCallerShare: 0.06,
    homeCountry: 'GB',
    verification: (random, caller) => [
      ['agent', `Can I take your full name and date of birth, please?`],
      [
        'caller',
        `${caller.firstName ?? 'Sam'} ${caller.lastName ?? 'Taylor'}, ${random.int(1, 28)} ${random.pick(DOB_MONTHS)} ${random.int(1941, 2004)}.`,
      ],
    ],
  },
  insurance: {
    key: 'insurance',
    topics: insuranceTopics,
    firstNames: US_FIRST_NAMES,
    lastNames: US_LAST_NAMES,
    utcOffsetHours: -5,
    foreignCallerShare: 0.04,
    homeCountry: 'US',
    verification: (random, caller) => [
      ['agent', `To verify your identity, can I have your name and the ZIP code on the policy?`],
      [
        'caller',
        `${caller.firstName ?? 'Alex'} ${caller.lastName ?? 'Morgan'}, ${random.digits(5)}.`,
      ],
    ],
  },
};

export function greeting(random: SeededRandom, caller: CallerContext): string {
  return random.pick([
    `Thank you for calling ${caller.organisationName}, this is ${caller.agentName}. How can I help?`,
    `Hello, you're through to ${caller.organisationName}. How can I help you today?`,
    `Good ${random.pick(['morning', 'afternoon'])}, ${caller.organisationName}, ${caller.agentName} speaking.`,
    `Hi, ${caller.organisationName}. What can I do for you?`,
  ]);
}

export const CLOSINGS: Record<
  'caller_hangup' | 'agent_hangup' | 'transferred' | 'error',
  readonly Turn[][]
> = {
  caller_hangup: [
    [
      ['agent', `Is there anything else I can help with?`],
      ['caller', `No, that's everything. Thanks, bye.`],
    ],
    [
      ['agent', `Anything else today?`],
      ['caller', `That's all, thank you.`],
    ],
    [['caller', `Thanks for your help, bye.`]],
  ],
  agent_hangup: [
    [['agent', `Thank you for calling. Have a good day.`]],
    [
      ['caller', `Thanks.`],
      ['agent', `You're welcome. Goodbye.`],
    ],
  ],
  transferred: [
    [
      ['agent', `I'll transfer you to a colleague who can help with that now.`],
      ['caller', `Okay, thanks.`],
    ],
    [['agent', `Let me put you through to the team. Please hold.`]],
  ],
  error: [
    [['agent', `Sorry, I didn't catch that. Are you still there?`]],
    [['caller', `Hello? You're breaking up.`]],
  ],
};

export const GENERIC_NOTES = [
  'Left a voicemail asking them to call back.',
  'Spoke to the caller, all sorted.',
  'Duplicate of an earlier call.',
  'Customer asked for a call back after 5pm.',
  'Checked the recording; summary is accurate.',
] as const;
