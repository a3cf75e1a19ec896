import { listAuditRoute, type AuditEntry } from '@callboard/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export interface AuditListQuery {
  page: number;
  pageSize: number;
  action?: AuditEntry['action'] | undefined;
  actorId?: string | undefined;
  /** ISO date-times, inclusive from and exclusive to. */
  from?: string | undefined;
  to?: string | undefined;
}

export function auditSearchParams(query: AuditListQuery): URLSearchParams {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  if (query.action) params.set('action', query.action);
  if (query.actorId) params.set('actorId', query.actorId);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return params;
}

export function getAudit(query: AuditListQuery, signal?: AbortSignal) {
  return callApi(listAuditRoute, { query: auditSearchParams(query), signal });
}

export function auditQueryOptions(query: AuditListQuery) {
  return queryOptions({
    queryKey: adminKeys.audit(query),
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(query: AuditListQuery) {
  return useQuery(auditQueryOptions(query));
}
