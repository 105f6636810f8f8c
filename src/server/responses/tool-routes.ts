/**
 * The names a Responses request's tools go by, on the wire and before the
 * model, and what kind of item each one's calls become.
 *
 * A `namespace` tool groups function and custom tools under one name: Codex
 * CLI declares its multi-agent tools as `{"type": "namespace", "name":
 * "multi_agent_v1", "tools": [{"type": "function", "name": "spawn_agent", …}]}`.
 * The model is offered each of them as a tool of its own, by its own name
 * (a small model calls `spawn_agent` more reliably than a qualified name),
 * or as `<namespace>__<name>` when two declared tools share the name. Its
 * calls go back as the Responses API writes a namespaced call: the item
 * names the tool by its own name and carries `"namespace"`, which Codex
 * needs to route the call to the right handler; the same pair in the
 * history names the offered tool again.
 */

export interface WireName {
  name: string;
  namespace?: string;
}

export interface ToolRoutes {
  /** Offered names of the `custom` (freeform) tools: their calls are `custom_tool_call` items. */
  custom: Set<string>;
  /** Offered name → the namespace and the name inside it, for tools declared in a namespace. */
  namespaced: Map<string, Required<WireName>>;
}

export function noRoutes(): ToolRoutes {
  return { custom: new Set(), namespaced: new Map() };
}

/** How the item of a call of the offered tool `offered` names it. */
export function wireNameOf(routes: ToolRoutes, offered: string): WireName {
  return routes.namespaced.get(offered) ?? { name: offered };
}

/** The offered name of the tool an item names (a history item, a tool choice). */
export function offeredNameOf(routes: ToolRoutes, name: string, namespace: string | undefined): string {
  if (namespace === undefined) return name;
  for (const [offered, wire] of routes.namespaced) {
    if (wire.namespace === namespace && wire.name === name) return offered;
  }
  // A namespace the request no longer declares: the name the model would have been offered.
  return name;
}

/** The name a namespaced tool is offered by: its own, unless another declared tool has it too. */
export function offeredNameFor(wire: Required<WireName>, uses: Map<string, number>): string {
  return (uses.get(wire.name) ?? 0) > 1 ? `${wire.namespace}__${wire.name}` : wire.name;
}
