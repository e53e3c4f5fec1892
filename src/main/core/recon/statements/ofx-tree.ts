/**
 * OFX as a tree. OFX 1.x is SGML: aggregates are closed (</STMTTRN>) but elements holding a value
 * usually are not (<TRNAMT>-25.00 followed by the next tag). OFX 2.x is XML, where every element
 * is closed. One reader handles both: an element followed by text is a value element, closed by its
 * own end tag or implicitly by the next tag; an element followed by a tag is an aggregate and must
 * be closed. A file cut short (an aggregate still open at the end) is one problem, no lines.
 */
import type { StatementProblem } from '../../../../shared/domain/statements';
import { decodeReferences, OFX_RULES } from './entities';
import { quoted } from './limits';
import { lastLineNumber, lineLocator } from './text-lines';

export interface OfxNode {
  name: string;
  line: number;
  value: string | null;
  children: OfxNode[];
}

/** Longest start or end tag FloatDesk reads (OFX element names are short; attributes are rare). */
const MAX_TAG_CHARS = 1_000;
/** Deepest nesting read (OFX statements nest about ten deep). */
const MAX_NESTING = 100;
const TAG = /^(\/?)([A-Za-z0-9._]+)(?:\s[^<]*?)?(\/?)$/;

function unterminated(what: string, line: number, inside: OfxNode): StatementProblem {
  return {
    line,
    field: inside.name === '#root' ? null : inside.name,
    problem: `${what} opened on line ${line} is never closed: the file is cut short or damaged. Download the statement again.`,
  };
}

/**
 * Parse from the <OFX> element on (the 1.x header lines and 2.x processing instructions are skipped).
 * One pass with indexOf: every construct is found by searching forward from where the previous one
 * ended, and the first one that never ends stops the reading, so the time grows with the file's size.
 */
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
  /** Text between constructs; a problem when it cannot stand where it is. */
  const takeText = (raw: string, at: number): StatementProblem | undefined => {
    const between = raw.trim();
    if (between === '') return undefined;
    const current = top();
    if (current === root || current.children.length > 0 || current.value !== null) {
      return {
        line: locate(at),
        field: current.name,
        problem: `Unexpected text ${quoted(between)} inside <${current.name}>.`,
      };
    }
    const decoded = decodeReferences(between, OFX_RULES);
    if (!decoded.ok)
      return {
        line: locate(at - raw.trimStart().length + decoded.offset),
        field: current.name,
        problem: decoded.problem,
      };
    current.value = decoded.text;
    return undefined;
  };
  let position = start;
  while (position < text.length) {
    const open = text.indexOf('<', position);
    // Text after the last tag belongs to an open value element; after </OFX> it is ignored.
    if (open < 0 && top() === root) break;
    const textEnd = open < 0 ? text.length : open;
    const problem = takeText(text.slice(position, textEnd), textEnd);
    if (problem) return problem;
    if (open < 0) break;
    const line = locate(open);
    if (text.startsWith('<!--', open)) {
      const close = text.indexOf('-->', open + 4);
      if (close < 0) return unterminated('A comment (<!--)', line, top());
      position = close + 3;
      continue;
    }
    if (text.startsWith('<?', open)) {
      const close = text.indexOf('?>', open + 2);
      if (close < 0) return unterminated('A processing instruction (<?)', line, top());
      position = close + 2;
      continue;
    }
    if (text.startsWith('<![CDATA[', open)) {
      const close = text.indexOf(']]>', open + 9);
      if (close < 0) return unterminated('A CDATA section (<![CDATA[)', line, top());
      const cdata = takeText(text.slice(open + 9, close).replaceAll('&', '&amp;'), open);
      if (cdata) return cdata;
      position = close + 3;
      continue;
    }
    const close = text.indexOf('>', open + 1);
    if (text.startsWith('<!', open)) {
      if (close < 0) return unterminated('A declaration (<!)', line, top());
      position = close + 1;
      continue;
    }
    if (close < 0) return unterminated(`The tag ${quoted(text.slice(open, open + 20))}`, line, top());
    const body = text.slice(open + 1, close);
    const match = body.length <= MAX_TAG_CHARS ? TAG.exec(body) : null;
    if (match === null) {
      return {
        line,
        field: null,
        problem: `${quoted(text.slice(open, Math.min(close + 1, open + 40)))} is not an OFX tag: a "<" must start an element such as <STMTTRN> or </STMTTRN>.`,
      };
    }
    position = close + 1;
    const name = match[2]!.toUpperCase();
    if (match[1] === '/') {
      // Close value elements left open until the named element is reached.
      while (top() !== root && top().name !== name && closable(top())) stack.pop();
      if (top().name !== name) {
        const current = top();
        return {
          line,
          field: name,
          problem:
            current === root
              ? `</${name}> closes an element that was never opened.`
              : `</${name}> comes while <${current.name}> (line ${current.line}) is still open.`,
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
    if (stack.length > MAX_NESTING) {
      return {
        line,
        field: name,
        problem: `Elements are nested more than ${MAX_NESTING} deep here; an OFX statement nests about ten. The file is damaged or is not a bank statement.`,
      };
    }
  }
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
  // Without recursion: a hostile file may nest thousands of elements.
  const found: OfxNode[] = [];
  const pending: OfxNode[] = [...node.children].reverse();
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (current.name === name) found.push(current);
    else for (let i = current.children.length - 1; i >= 0; i--) pending.push(current.children[i]!);
  }
  return found;
}

export function valueAt(node: OfxNode | undefined, ...path: string[]): string | null {
  let current = node;
  for (const step of path) current = find(current, step);
  const value = current?.value?.trim();
  return value === undefined || value === '' ? null : value;
}
