// The call list's search (docs/search.md, "Search"): the rules on their own (phone numbers, the
// text-search query, headlines), then GET /api/v1/calls?q= over real HTTP on both databases:
// transcripts, notes, local phone numbers, snippets, odd input and tenant isolation.
import type { CallDetail, CallListResponse } from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { requireOrganisation, withTenant } from '../../db/tenant.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { sessionFor, testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import {
  buildAnyTsquery,
  buildTsquery,
  HIT_END,
  HIT_START,
  phoneSearchNumbers,
  prepareListScope,
  readHeadline,
  splitSearch,
} from './call-search.ts';
import { countCallsByStatus, selectCallPage } from './calls.queries.ts';

/** A live session of a demo user, as the access token's claims carry it. */
describe('phoneSearchNumbers', () => {
  it("reads a local number in the organisation's country as the international one", () => {
    expect(phoneSearchNumbers('07700 499194', 'GB')).toEqual(['07700499194', '447700499194']);
    expect(phoneSearchNumbers('07700-499-194', 'GB')).toContain('447700499194');
    expect(phoneSearchNumbers('(212) 555-0100', 'US')).toEqual(['2125550100', '12125550100']);
    // The same digits in another country are another number.
    expect(phoneSearchNumbers('07700 499194', 'US')).toEqual(['07700499194']);
  });

  it('keeps an international number whatever the country', () => {
    expect(phoneSearchNumbers('+44 7700 499194', 'GB')).toEqual(['447700499194']);
    expect(phoneSearchNumbers('+44 7700 499194', 'FR')).toEqual(['447700499194']);
    expect(phoneSearchNumbers('0044 7700 499194', 'GB')).toEqual([
      '00447700499194',
      '447700499194',
    ]);
    // Full digits that are not a possible local number are searched as they are.
    expect(phoneSearchNumbers('447700499194', 'GB')).toEqual(['447700499194']);
  });

  it('leaves alone what is not a phone number', () => {
    for (const text of ['church lane', '12345', 'call_7700499194', '1'.repeat(16), '+', '']) {
      expect(phoneSearchNumbers(text, 'GB')).toEqual([]);
    }
    // An unknown country still searches the digits.
    expect(phoneSearchNumbers('07700 499194', 'ZZ')).toEqual(['07700499194']);
  });
});

describe('the text-search query', () => {
  it('requires every word, the last one typed as a prefix, each phrase in order, or any number', () => {
    expect(buildTsquery(['church', 'lane'], [], [], 'lane')).toBe("( 'church' & 'lane':* )");
    expect(buildTsquery(['church', 'lane'], [], [], 'church')).toBe("( 'church':* & 'lane' )");
    expect(buildTsquery(['water'], ["'church' <-> 'lane'"], ['447700499194'], 'water')).toBe(
      "( 'water':* & ( 'church' <-> 'lane' ) ) | '447700499194':*",
    );
    expect(buildTsquery([], [], [])).toBeNull();
    expect(buildAnyTsquery(['a', 'b'], ['123456'])).toBe("'a':* | 'b':* | '123456':*");
  });

  it('quotes every word, so no character in it is an operator', () => {
    expect(buildTsquery(["o'brien", 'a\\b', '&|!:*'], [], [], '&|!:*')).toBe(
      "( 'o''brien' & 'a\\\\b' & '&|!:*':* )",
    );
  });

  it('takes quoted phrases out of the search, and keeps their words', () => {
    const { words, phrases } = splitSearch('water "church lane" "" "open');
    expect(words.split(/\s+/u)).toEqual(['water', 'church', 'lane', 'open']);
    expect(phrases).toEqual(['church lane']);
  });

  it('turns a headline into text and hit positions, with an ellipsis where it was cut', () => {
    const full = 'I live on Church Lane, next to the bakery, since last spring.';
    const headline = `on ${HIT_START}Church${HIT_END} ${HIT_START}Lane${HIT_END}, next to`;
    const snippet = readHeadline('transcript', headline, full);
    expect(snippet.text).toBe('… on Church Lane, next to …');
    expect(snippet.highlights.map(([start, end]) => snippet.text.slice(start, end))).toEqual([
      'Church',
      'Lane',
    ]);
    const whole = readHeadline('summary', `${HIT_START}Water${HIT_END} leak.`, 'Water leak.');
    expect(whole).toEqual({ source: 'summary', text: 'Water leak.', highlights: [[0, 5]] });
  });
});

describe.each(testDatabaseKinds)('call search API [$name]', ({ create }) => {
  let server: TestServer;
  let mia: TestClient;
  let gia: TestClient;

  const search = (client: TestClient, q: string, extra = '') =>
    client.request<CallListResponse>(
      'GET',
      `/api/v1/calls?status=all&pageSize=50&q=${encodeURIComponent(q)}${extra}`,
    );
  const ids = (response: { body: CallListResponse }) =>
    response.body.rows.map((row) => row.call_id);

  async function insertCall(call: {
    id: string;
    agent: string;
    caller: string;
    from: string;
    summary: string;
    turns: string[];
  }) {
    const transcript = call.turns.map((text, index) => ({
      speaker: index % 2 === 0 ? 'caller' : 'agent',
      text,
      at_seconds: index * 10,
    }));
    await server.database.db.execute(
      sql`insert into call_log (call_id, agent_id, end_datetime, start_datetime, caller_name,
                                from_number, to_number, direction, summary, transcript)
          values (${call.id}, ${call.agent}, now() - interval '1 minute', now() - interval '5 minutes',
                  ${call.caller}, ${call.from}, '+442079460001', 'inbound', ${call.summary},
                  ${JSON.stringify(transcript)}::jsonb)`,
    );
  }

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 40 });
    mia = new TestClient(server.url);
    gia = new TestClient(server.url);
    await mia.signIn('mia@northwind.test', DEMO_PASSWORD);
    await gia.signIn('gia@globex.test', DEMO_PASSWORD);
    const turns = [
      'Hello, my boiler has stopped working again.',
      'Which address is that for?',
      'The flat above the Quillfeather bakery on Brackenbury Row, number 4.',
      'Thank you. An engineer will call you back today.',
    ];
    await insertCall({
      id: 'search-nw-1',
      agent: 'nw-agent-1',
      caller: 'Oona Fairweather',
      from: '+447700499194',
      summary: 'Boiler repair requested; engineer to call back.',
      turns,
    });
    // The same words in another organisation's call.
    await insertCall({
      id: 'search-gx-1',
      agent: 'gx-agent-1',
      caller: 'Oona Fairweather',
      from: '+447700499194',
      summary: 'Boiler repair requested; engineer to call back.',
      turns,
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('finds a call by a phrase that only its transcript holds, and marks it', async () => {
    const response = await search(mia, 'brackenbury row');
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual(['search-nw-1']);
    expect(response.body.total).toBe(1);
    expect(response.body.counts).toEqual({ open: 1, closed: 0, all: 1 });
    const snippet = response.body.rows[0]?.snippet;
    expect(snippet?.source).toBe('transcript');
    expect(snippet?.text).toContain('Quillfeather bakery on Brackenbury Row');
    expect(snippet?.highlights.map(([start, end]) => snippet.text.slice(start, end))).toEqual([
      'Brackenbury',
      'Row',
    ]);
    expect(response.body.search).toEqual({ words: ['brackenbury', 'row'], numbers: [] });
  });

  it('matches every word, the last one typed as the start of a word', async () => {
    expect(ids(await search(mia, 'Quillfeather Bracken'))).toEqual(['search-nw-1']);
    expect(ids(await search(mia, 'Bracken'))).toEqual(['search-nw-1']);
    // Only the word being typed is a prefix: the others are whole words.
    expect(ids(await search(mia, 'Quillfea Brackenbury'))).toEqual([]);
    expect(ids(await search(mia, 'Quillfeather Oxford'))).toEqual([]);
    // A quoted phrase's words must follow each other.
    expect(ids(await search(mia, '"bakery on brackenbury"'))).toEqual(['search-nw-1']);
    expect(ids(await search(mia, '"brackenbury bakery"'))).toEqual([]);
  });

  it('prefers the summary for the snippet when it holds the words', async () => {
    const response = await search(mia, 'boiler');
    const row = response.body.rows.find((call) => call.call_id === 'search-nw-1');
    expect(row?.snippet).toEqual({
      source: 'summary',
      text: 'Boiler repair requested; engineer to call back.',
      highlights: [[0, 6]],
    });
  });

  it('finds a call by a word in one of its notes, with the note as the snippet', async () => {
    const [call] = (await search(mia, 'Oona')).body.rows;
    expect(call?.call_id).toBe('search-nw-1');
    expect(ids(await search(mia, 'Zephyrine'))).toEqual([]);
    const noted = await mia.request<CallDetail>('POST', '/api/v1/calls/search-nw-1/notes', {
      json: { body: 'Spoke to the landlord, Mr Zephyrine; he will let the engineer in.' },
    });
    expect(noted.status).toBe(201);
    const response = await search(mia, 'zephyrine landlord');
    expect(ids(response)).toEqual(['search-nw-1']);
    const snippet = response.body.rows[0]?.snippet;
    expect(snippet?.source).toBe('note');
    expect(snippet?.highlights.map(([start, end]) => snippet.text.slice(start, end))).toEqual([
      'landlord',
      'Zephyrine',
    ]);
    // Globex's copy of the call has no such note.
    expect(ids(await search(gia, 'zephyrine'))).toEqual([]);
  });

  it('finds a +44 number by its local form, its national number and its full digits', async () => {
    for (const q of [
      '07700 499194',
      '07700499194',
      '+44 7700 499194',
      '7700499194',
      '447700499194',
    ]) {
      const response = await search(mia, q);
      expect(ids(response), q).toEqual(['search-nw-1']);
      // Caller and numbers only: no passage to show.
      expect(response.body.rows[0]?.snippet, q).toBeNull();
    }
    expect((await search(mia, '07700 499194')).body.search?.numbers).toEqual([
      '07700499194',
      '447700499194',
    ]);
    expect(ids(await search(mia, '07700 499195'))).toEqual([]);
  });

  it('finds a call by its exact id', async () => {
    expect(ids(await search(mia, 'search-nw-1'))).toEqual(['search-nw-1']);
  });

  it("never shows another organisation's matching call", async () => {
    expect(ids(await search(gia, 'brackenbury row'))).toEqual(['search-gx-1']);
    expect(ids(await search(gia, '07700 499194'))).toEqual(['search-gx-1']);
    // Not even by its exact id.
    expect(ids(await search(mia, 'search-gx-1'))).toEqual([]);
    expect((await search(mia, 'search-gx-1')).body.counts.all).toBe(0);
  });

  it("answers the search function with the session's organisation's calls only", async () => {
    const claims = await sessionFor(server.database, 'mia@northwind.test');
    const found = await withTenant(server.database.db, claims, (tx) =>
      queryRows<{ source: string; call_id: string }>(
        tx,
        sql`select source, call_id
            from app_search_call_ids('brackenbury:*'::tsquery, 'search-gx-1', 10)`,
      ),
    );
    expect(found).toEqual([{ source: 'call', call_id: 'search-nw-1' }]);
  });

  it('lists and counts the same calls whether the matches are fetched as ids or not', async () => {
    const claims = await sessionFor(server.database, 'mia@northwind.test');
    const filters = { q: 'call', status: 'all' as const, includeDeleted: false, tz: 'UTC' };
    const window = { limit: 50, offset: 0 };
    const read = (matchLimit: number) =>
      withTenant(server.database.db, claims, async (tx, principal) => {
        const who = { organisationId: requireOrganisation(principal), userId: principal.userId };
        const scope = await prepareListScope(tx, who, filters, matchLimit);
        return {
          matches: scope.search?.matches,
          rows: (await selectCallPage(tx, scope, filters, '-ended', window)).map(
            (row) => row.call_id,
          ),
          counts: await countCallsByStatus(tx, scope, filters),
        };
      });
    const asIds = await read(10_000);
    const asWords = await read(1);
    // Each path was taken: the ids fetched, and too many to fetch.
    expect(asIds.matches?.calls?.length).toBeGreaterThan(1);
    expect(asWords.matches?.calls).toBeNull();
    expect(asIds.rows.length).toBeGreaterThan(1);
    expect(asWords.rows).toEqual(asIds.rows);
    expect(asWords.counts).toEqual(asIds.counts);
  });

  it('answers odd input with a list, never an error', async () => {
    const odd = [
      "'",
      '&',
      ':*',
      '!',
      '|',
      '<->',
      '(',
      '\\',
      "O'Brien & !(x) | y:* <-> z",
      '"',
      '" "',
      '!!! ??? ...',
      `'${HIT_START}${HIT_END}'`,
      'Brackenbury '.repeat(16).slice(0, 200),
      'ä'.repeat(200),
      '🎧 téléphone',
    ];
    for (const q of odd) {
      const response = await search(mia, q);
      expect(response.status, q).toBe(200);
      expect(response.body.total, q).toBe(response.body.rows.length);
    }
    // Only punctuation has no words to match: nothing matches, and no error.
    expect((await search(mia, '!!! ??? ...')).body.total).toBe(0);
    expect(ids(await search(mia, 'brackenbury:*'))).toEqual(['search-nw-1']);
  });

  it('refuses a search over 200 characters with the contract error', async () => {
    const response = await mia.request<{
      error: { code: string; fields?: Record<string, string> };
    }>('GET', `/api/v1/calls?q=${'x'.repeat(201)}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(response.body.error.fields).toHaveProperty('q');
  });

  it('gives no snippets and no terms without a search', async () => {
    const response = await mia.request<CallListResponse>('GET', '/api/v1/calls?pageSize=5');
    expect(response.body.search).toBeUndefined();
    expect(response.body.rows.every((row) => !('snippet' in row))).toBe(true);
  });

  it('reads local numbers with the phone country of the organisation', async () => {
    await insertCall({
      id: 'search-nw-ru',
      agent: 'nw-agent-2',
      caller: 'Pyotr Volkov',
      from: '+79123456789',
      summary: 'Asked about a repeat prescription.',
      turns: [],
    });
    const [org] = await queryRows<{ id: string }>(
      server.database.db,
      sql`select id from organisations where name = 'Northwind Clinics'`,
    );
    const setCountry = (country: string) =>
      server.database.db.execute(
        sql`update organisations set phone_country = ${country} where id = ${org?.id ?? ''}`,
      );
    // Russia's trunk prefix is 8: "8 912 …" is +7 912 … there, and nothing in Britain.
    expect(ids(await search(mia, '8 (912) 345-67-89'))).toEqual([]);
    await setCountry('RU');
    try {
      expect(ids(await search(mia, '8 (912) 345-67-89'))).toEqual(['search-nw-ru']);
    } finally {
      await setCountry('GB');
    }
  });
});
