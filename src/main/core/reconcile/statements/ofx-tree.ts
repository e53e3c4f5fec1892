/**
 * OFX as a tree. OFX 1.x is SGML: aggregates are closed (</STMTTRN>) but elements holding a value
 * usually are not (<TRNAMT>-25.00 followed by the next tag). OFX 2.x is XML, where every element
 * is closed. One reader handles both: an element followed by text is a value element, closed by its
 * own end tag or implicitly by the next tag; an element followed by a tag is an aggregate and must
 * be closed. A file cut short (an aggregate still open at the end) is one problem, no lines.
 */
import type { StatementProblem } from '../../../../shared/domain/statements';
import { lastLineNumber, lineLocator } from './text-lines';

export interface OfxNode {
  name: string;
  line: number;
  value: string | null;
  children: OfxNode[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Parse from the <OFX> element on (the 1.x header lines and 2.x processing instructions are skipped). */
export function parseOfx(text: string): OfxNode | StatementProblem {
  const locate = lineLocator(text);
  const start = text.search(/<OFX>/i);
  if (start < 0)
    return {
      line: 1,
      field: 'OFX',
      problem: 'The file has no <OFX> element, so it is not an OFX or QFX statement.',
    };
  const root: OfxNode = { name: '#root', line: 1, value: null, children: [] };
  const stack: OfxNode[] = [root];
  const top = (): OfxNode => stack[stack.length - 1]!;
  /** A value element (or an empty element) may be closed implicitly; an aggregate with children may not. */
  const closable = (node: OfxNode): boolean => node.children.length === 0;
  const tag = /<(\/?)([A-Za-z0-9._]+)[^>]*?(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<![^>]*>/g;
  tag.lastIndex = start;
  let position = start;
  for (let match = tag.exec(text); match !== null; match = tag.exec(text)) {
    const between = text.slice(position, match.index).trim();
    position = tag.lastIndex;
    if (between !== '') {
      const current = top();
      if (current === root || current.children.length > 0 || current.value !== null) {
        return {
          line: locate(match.index),
          field: current.name,
          problem: `Unexpected text "${between.slice(0, 30)}" inside <${current.name}>.`,
        };
      }
      current.value = decodeEntities(between);
    }
    if (match[2] === undefined) continue; // comment, processing instruction, declaration
    const name = match[2].toUpperCase();
    const line = locate(match.index);
    if (match[1] === '/') {
      // Close value elements left open until the named element is reached.
      while (top() !== root && top().name !== name && closable(top())) stack.pop();
      if (top().name !== name) {
        const open = top();
        return {
          line,
          field: name,
          problem:
            open === root
              ? `</${name}> closes an element that was never opened.`
              : `</${name}> comes while <${open.name}> (line ${open.line}) is still open.`,
        };
      }
      stack.pop();
      continue;
    }
    // A new start tag implicitly closes an open value element.
    if (top() !== root && top().value !== null) stack.pop();
    const node: OfxNode = { name, line, value: null, children: [] };
    top().children.push(node);
    if (match[3] !== '/') stack.push(node);
  }
  const rest = text.slice(position).trim();
  if (rest !== '' && top() !== root && top().value === null && top().children.length === 0)
    top().value = decodeEntities(rest);
  while (stack.length > 1 && top().value !== null) stack.pop();
  if (stack.length > 1) {
    return {
      line: lastLineNumber(text),
      field: top().name,
      problem: `The file ends before <${top().name}> (line ${top().line}) is closed: it is cut short or damaged. Download the statement again.`,
    };
  }
  return root;
}

export function find(node: OfxNode | undefined, name: string): OfxNode | undefined {
  return node?.children.find((c) => c.name === name);
}

/** Every descendant with this name, in document order. */
export function findAll(node: OfxNode, name: string): OfxNode[] {
  return node.children.flatMap((c) => (c.name === name ? [c] : findAll(c, name)));
}

export function valueAt(node: OfxNode | undefined, ...path: string[]): string | null {
  let current = node;
  for (const step of path) current = find(current, step);
  const value = current?.value?.trim();
  return value === undefined || value === '' ? null : value;
}
