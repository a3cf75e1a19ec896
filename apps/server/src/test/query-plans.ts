// EXPLAIN for the plan tests: every node of a statement's plan, as the caller's transaction
// would run it (role, row-level security and settings included).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type QueryRunner } from '../db/client.ts';

/** The fields of EXPLAIN's JSON that the plan tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

/** The nodes of `query`'s plan, top first. */
export async function planNodes(tx: QueryRunner, query: SQL): Promise<PlanNode[]> {
  const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    tx,
    sql`explain (format json) ${query}`,
  );
  // pg parses the json column; PGlite hands it over as text.
  const json = row?.['QUERY PLAN'];
  const [plan] = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
  return flatten(plan.Plan);
}
