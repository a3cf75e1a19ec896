import type { Agent } from '@callboard/contract';

/**
 * The options of an agent filter's select: all agents, then each agent by its display name (else
 * its id). An agent id from the address that is not among `agents` (a link from before a remap)
 * stays listed, so the select shows the filter that is applied.
 */
export function AgentOptions({
  agents,
  selected,
}: {
  agents: readonly Agent[];
  selected: string | null;
}) {
  const known = !selected || agents.some((agent) => agent.agent_id === selected);
  return (
    <>
      <option value="">All agents</option>
      {agents.map((agent) => (
        <option key={agent.agent_id} value={agent.agent_id}>
          {agent.display_name ?? agent.agent_id}
        </option>
      ))}
      {known ? null : <option value={selected}>{selected}</option>}
    </>
  );
}
