/**
 * Connected components of a bipartite graph of (line, request) edges: which lines and requests
 * point at one another, so an ambiguity is seen whole. What is decided for a component depends
 * only on its edges, never on their order.
 */
export interface Edge {
  line: number;
  request: number;
}

function find(parent: Map<number, number>, node: number): number {
  let root = node;
  for (let up = parent.get(root); up !== undefined && up !== root; up = parent.get(root)) root = up;
  for (let at = node; at !== root;) {
    const up = parent.get(at) as number;
    parent.set(at, root);
    at = up;
  }
  return root;
}

/**
 * `singles`: edges whose line and request have no other edge (the common case, answered without
 * the union–find); `groups`: every other component. Lines are nodes 2·i, requests 2·i + 1.
 */
export function components<E extends Edge>(
  edges: readonly E[],
  lineCount: number,
  requestCount: number,
): { singles: E[]; groups: E[][] } {
  const lineDegree = new Uint8Array(lineCount);
  const requestDegree = new Uint8Array(requestCount);
  for (const edge of edges) {
    if ((lineDegree[edge.line] as number) < 2) lineDegree[edge.line] = (lineDegree[edge.line] as number) + 1;
    if ((requestDegree[edge.request] as number) < 2)
      requestDegree[edge.request] = (requestDegree[edge.request] as number) + 1;
  }
  const singles: E[] = [];
  const parent = new Map<number, number>();
  const rest: E[] = [];
  for (const edge of edges) {
    if (lineDegree[edge.line] === 1 && requestDegree[edge.request] === 1) {
      singles.push(edge);
      continue;
    }
    rest.push(edge);
    const a = find(parent, 2 * edge.line);
    const b = find(parent, 2 * edge.request + 1);
    if (a !== b) parent.set(Math.max(a, b), Math.min(a, b));
  }
  const byRoot = new Map<number, E[]>();
  for (const edge of rest) {
    const root = find(parent, 2 * edge.line);
    const group = byRoot.get(root);
    if (group === undefined) byRoot.set(root, [edge]);
    else group.push(edge);
  }
  return { singles, groups: [...byRoot.values()] };
}
