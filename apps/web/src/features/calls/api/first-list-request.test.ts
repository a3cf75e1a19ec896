import { listCallsRoute } from '@callboard/contract';
import { describe, expect, it } from 'vitest';
import { parseCallListFilters, toCallListApiQuery } from '../hooks/use-call-list-filters.ts';
import { firstCallListRequest } from './first-list-request.ts';
import { callListSearchParams } from './get-calls.ts';

describe('the call list’s first request, written out for start-up', () => {
  it('is what the list’s own code asks for when the address sets nothing', () => {
    const query = toCallListApiQuery(parseCallListFilters(new URLSearchParams()));
    const built = `${listCallsRoute.path}?${callListSearchParams(query).toString()}`;

    expect(firstCallListRequest(new URLSearchParams())).toBe(built);
  });

  it('is not guessed when the address sets anything', () => {
    for (const search of ['status=closed', 'page=2', 'q=refund', 'cols=agent,status']) {
      expect(firstCallListRequest(new URLSearchParams(search))).toBeNull();
    }
  });
});
