/**
 * The kept items' cells (migration 0032): per combination of what a filter can name besides amounts
 * and words — currency, state, age, float, direction, scope — how many items and their sum, exactly.
 * The totals of a filter that names nothing else are the sum of the cells it keeps, so it reads no
 * row. Cells are worked out with the rows, and moved by the rows a change rewrites or adds.
 */
import { sumParts, type KeptItemRow, type KeptItemTotals, type KeptItemWhere } from './recon-item-row-sql';

export interface KeptItemCell {
  currency: string;
  state: string;
  ageing: string | null;
  float: string | null;
  out: boolean;
  outOfScope: boolean;
  count: number;
  /** The sum of the cell's scaled amounts. */
  money: bigint;
}

type CellRow = Pick<KeptItemRow, 'currency' | 'state' | 'ageing' | 'float' | 'out' | 'outOfScope' | 'scaled'>;

/**
 * A cell's key: its parts joined by a character none of the fixed parts (a currency code, a state,
 * an age bucket, two flags) holds, the float last and marked, so no float name can pass for others.
 */
const cellKey = (row: Omit<CellRow, 'scaled'>): string =>
  `${row.currency}\u0000${row.state}\u0000${row.ageing ?? ''}\u0000${row.out ? 1 : 0}${row.outOfScope ? 1 : 0}\u0000${row.float === null ? 'N' : `S${row.float}`}`;

/**
 * Past this many cells (hundreds of floats), keeping them costs every question more than summing
 * the rows would: none are kept, and filters read the rows, as for a reading kept without cells.
 */
const MAX_CELLS = 2_000;

function inOrder(byKey: ReadonlyMap<string, KeptItemCell>): KeptItemCell[] | null {
  const kept = [...byKey].filter(([, cell]) => cell.count !== 0);
  if (kept.length > MAX_CELLS) return null;
  return kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, cell]) => cell);
}

function add(byKey: Map<string, KeptItemCell>, row: CellRow, sign: 1 | -1): void {
  const key = cellKey(row);
  let cell = byKey.get(key);
  if (cell === undefined) {
    const { currency, state, ageing, float, out, outOfScope } = row;
    cell = { currency, state, ageing, float, out, outOfScope, count: 0, money: 0n };
    byKey.set(key, cell);
  }
  cell.count += sign;
  cell.money += sign === 1 ? row.scaled : -row.scaled;
}

export function cellsOf(rows: Iterable<CellRow>): KeptItemCell[] | null {
  const byKey = new Map<string, KeptItemCell>();
  for (const row of rows) add(byKey, row, 1);
  return inOrder(byKey);
}

/** The cells once `removed` rows are out and `added` rows are in (a rewritten row is both). */
export function moveCells(
  cells: readonly KeptItemCell[],
  removed: Iterable<CellRow>,
  added: Iterable<CellRow>,
): KeptItemCell[] | null {
  const byKey = new Map(cells.map((cell) => [cellKey(cell), { ...cell }]));
  for (const row of removed) add(byKey, row, -1);
  for (const row of added) add(byKey, row, 1);
  return inOrder(byKey);
}

/** What a cell knows of its rows: a query naming anything else (an amount, a word) reads the rows. */
const CELL_CONDITIONS: ReadonlySet<string> = new Set<keyof KeptItemWhere>([
  'states',
  'ageing',
  'currencies',
  'floats',
  'out',
  'inScopeOnly',
]);

/** Whether every condition of the query is one a cell answers. */
export function cellsAnswer(where: KeptItemWhere): boolean {
  return Object.keys(where).every((condition) => CELL_CONDITIONS.has(condition));
}

/**
 * The totals per currency of the cells every condition keeps: the rules of the SQL the rows are
 * read with (whereOf in recon-item-row-sql.ts), which a change to either must keep the same.
 */
export function cellTotals(cells: readonly KeptItemCell[], where: KeptItemWhere): KeptItemTotals[] {
  const keeps = (cell: KeptItemCell): boolean =>
    (where.states === undefined || where.states.includes(cell.state)) &&
    (where.ageing === undefined || cell.ageing === where.ageing) &&
    (where.currencies === undefined || where.currencies.includes(cell.currency)) &&
    (where.floats === undefined || (cell.float !== null && where.floats.includes(cell.float))) &&
    (where.out === undefined || cell.out === where.out) &&
    (where.inScopeOnly !== true || !cell.outOfScope);
  return sumParts(cells.filter(keeps));
}

/** Cells as the reading keeps them (JSON: the sums as text), and back. */
export const cellsToJson = (cells: readonly KeptItemCell[]): string =>
  JSON.stringify(cells, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));

export function cellsFromJson(text: string): KeptItemCell[] {
  return (JSON.parse(text) as Array<Omit<KeptItemCell, 'money'> & { money: string }>).map((cell) => ({
    ...cell,
    money: BigInt(cell.money),
  }));
}
