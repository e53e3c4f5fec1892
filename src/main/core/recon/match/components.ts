/**
 * Connected components of a bipartite graph of (line, request) edges: which lines and requests
 * point at one another, so an ambiguity is seen whole. What is decided for a component depends
 * only on its edges, never on their order. Edges are numbered 0..count−1 and given by two arrays.
 */

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
 * the union–find); `groups`: every other component, as lists of edges. Lines are nodes 2·i,
 * requests 2·i + 1.
 */
export function components(
  count: number,
  lineOf: Int32Array,
  requestOf: Int32Array,
  lineCount: number,
  requestCount: number,
): { singles: number[]; groups: number[][] } {
  const lineDegree = new Uint8Array(lineCount);
  const requestDegree = new Uint8Array(requestCount);
  for (let e = 0; e < count; e++) {
    const line = lineOf[e] as number;
    const request = requestOf[e] as number;
    if ((lineDegree[line] as number) < 2) lineDegree[line] = (lineDegree[line] as number) + 1;
    if ((requestDegree[request] as number) < 2)
      requestDegree[request] = (requestDegree[request] as number) + 1;
  }
  const singles: number[] = [];
  const parent = new Map<number, number>();
  const rest: number[] = [];
  for (let e = 0; e < count; e++) {
    const line = lineOf[e] as number;
    const request = requestOf[e] as number;
    if (lineDegree[line] === 1 && requestDegree[request] === 1) {
      singles.push(e);
      continue;
    }
    rest.push(e);
    const a = find(parent, 2 * line);
    const b = find(parent, 2 * request + 1);
    if (a !== b) parent.set(Math.max(a, b), Math.min(a, b));
  }
  const byRoot = new Map<number, number[]>();
  for (const e of rest) {
    const root = find(parent, 2 * (lineOf[e] as number));
    const group = byRoot.get(root);
    if (group === undefined) byRoot.set(root, [e]);
    else group.push(e);
  }
  return { singles, groups: [...byRoot.values()] };
}
