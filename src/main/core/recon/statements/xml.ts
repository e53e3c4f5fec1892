/**
 * XML for camt.053 through fast-xml-parser (maintained, pure JavaScript, no native code): the
 * document is first checked to be well-formed (a cut-short file becomes one problem with its line),
 * then read with namespace prefixes removed, text kept as written (no number conversion), and the
 * start offset of each element kept so problems name a line.
 *
 * Entity processing is off entirely: camt.053 needs no DTD, so a document that declares one is
 * refused before it is parsed, and the parser expands nothing. Text is decoded here, by the five
 * predefined entities and numeric references only (entities.ts); CDATA sections are escaped into
 * plain text first so their content is never decoded twice.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { StatementProblem } from '../../../../shared/domain/statements';
import { decodeReferences, firstBadReference, XML_RULES } from './entities';
import { MAX_FIELD_CHARS, MAX_RECORD_CHARS, quoted } from './limits';
import { lastLineNumber, lineLocator } from './text-lines';

export type XmlNode = Record<string, unknown>;

const META = XMLParser.getMetaDataSymbol();

export interface XmlDocument {
  root: XmlNode;
  /** 1-based line of an element node (objects only; text-only elements have no node). */
  lineOf(node: unknown): number | undefined;
  /** 1-based line of the first <name> element inside `node` (else the line of `node` itself). */
  lineOfTag(node: unknown, name: string): number | undefined;
}

function metaOf(node: unknown): { startIndex?: number; endIndex?: number } | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  return (node as Record<symbol, { startIndex?: number; endIndex?: number } | undefined>)[META as symbol];
}

const startOf = (node: unknown): number | undefined => metaOf(node)?.startIndex;

const DOCTYPE = /<!(DOCTYPE|ENTITY)\b/i;

/** CDATA content as escaped text, so the one decoding step after parsing gives it back exactly. */
function escapeCdata(text: string): string | StatementProblem {
  if (!text.includes('<![CDATA[')) return text;
  let out = '';
  let position = 0;
  for (
    let open = text.indexOf('<![CDATA[', position);
    open >= 0;
    open = text.indexOf('<![CDATA[', position)
  ) {
    const close = text.indexOf(']]>', open + 9);
    if (close < 0) {
      return {
        line: lineLocator(text)(open),
        field: null,
        problem:
          'A CDATA section (<![CDATA[) is never closed: the file is cut short or damaged. Download the statement again.',
      };
    }
    const content = text.slice(open + 9, close);
    out +=
      text.slice(position, open) +
      content.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    position = close + 3;
  }
  return out + text.slice(position);
}

/**
 * A value, or a tag, longer than any statement holds: found before the parser reads it (the parser
 * takes seconds over a text of megabytes), by the distance between one "<" and the next.
 */
function firstLongRun(text: string): StatementProblem | undefined {
  let from = 0;
  while (from < text.length) {
    const next = text.indexOf('<', from + 1);
    const end = next < 0 ? text.length : next;
    if (end - from > MAX_RECORD_CHARS) {
      return {
        line: lineLocator(text)(from),
        field: null,
        problem: `A value or tag is longer than any statement holds: ${quoted(text.slice(from, end))}; a field holds at most ${MAX_FIELD_CHARS.toLocaleString('en-GB')} characters. The file is damaged or is not a bank statement.`,
      };
    }
    if (next < 0) return undefined;
    from = next;
  }
  return undefined;
}

/**
 * Every tag closes before the next one opens. In XML a "<" cannot stand inside a tag (not even in an
 * attribute's value) and comments and instructions end with their own marks, so one pass with
 * indexOf finds the first tag that is never closed; the parser, reading a tag's name until a ">",
 * would otherwise take seconds over a file of "<<<<".
 */
function firstBrokenTag(text: string): StatementProblem | undefined {
  const broken = (at: number, what: string): StatementProblem => ({
    line: lineLocator(text)(at),
    field: null,
    problem: `${what} ${quoted(text.slice(at, at + 30))} is never closed: the file is cut short or damaged. Download the statement again.`,
  });
  for (let open = text.indexOf('<'); open >= 0;) {
    let end: number;
    if (text.startsWith('<!--', open)) {
      end = text.indexOf('-->', open + 4);
      if (end < 0) return broken(open, 'A comment');
      end += 2;
    } else if (text.startsWith('<?', open)) {
      end = text.indexOf('?>', open + 2);
      if (end < 0) return broken(open, 'An instruction');
      end += 1;
    } else {
      end = text.indexOf('>', open + 1);
      const next = text.indexOf('<', open + 1);
      if (end < 0 || (next >= 0 && next < end)) return broken(open, 'The tag');
    }
    open = text.indexOf('<', end + 1);
  }
  return undefined;
}

/** Parse XML, or return the one problem that makes it unreadable. */
export function parseXml(source: string, arrays: ReadonlySet<string>): XmlDocument | StatementProblem {
  const declaration = DOCTYPE.exec(source);
  if (declaration) {
    return {
      line: lineLocator(source)(declaration.index),
      field: null,
      problem: `The file declares a document type or entity (<!${declaration[1]!.toUpperCase()}>). camt.053 statements never do, and FloatDesk does not read one: ask the bank for the statement again.`,
    };
  }
  const long = firstLongRun(source);
  if (long !== undefined) return long;
  const escaped = escapeCdata(source);
  if (typeof escaped !== 'string') return escaped;
  const text = escaped;
  const brokenTag = firstBrokenTag(text);
  if (brokenTag) return brokenTag;
  const badReference = firstBadReference(text, XML_RULES);
  if (badReference)
    return { line: lineLocator(text)(badReference.offset), field: null, problem: badReference.problem };
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { code, msg, line } = valid.err;
    const unclosed = code === 'InvalidXml' && /^Invalid '\[/.test(msg);
    if (unclosed) {
      const names = [...msg.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
      const innermost = names[names.length - 1];
      return {
        line: lastLineNumber(text),
        field: null,
        problem: `The XML ends before ${innermost ? `<${innermost}> (in ${names.slice(0, -1).join('/') || 'the document'})` : 'every element'} is closed: the file is cut short or damaged. Download the statement again.`,
      };
    }
    return {
      line,
      field: null,
      problem: `The XML is not well-formed: ${msg.length > 160 ? `${msg.slice(0, 160)}…` : msg} Download the statement again.`,
    };
  }
  const parser = new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: false,
    htmlEntities: false,
    captureMetaData: true,
    isArray: (name) => arrays.has(name),
  });
  let root: XmlNode;
  try {
    root = parser.parse(text) as XmlNode;
  } catch (error) {
    return {
      line: 1,
      field: null,
      problem: `The XML could not be read: ${error instanceof Error ? error.message : String(error)}.`,
    };
  }
  const locate = lineLocator(text);
  return {
    root,
    lineOf: (node) => {
      const start = startOf(node);
      return start === undefined ? undefined : locate(start);
    },
    lineOfTag: (node, name) => {
      const start = startOf(node);
      if (start === undefined) return undefined;
      // eslint-disable-next-line security/detect-non-literal-regexp -- name is a constant camt tag name passed by the parsers, never file text
      const pattern = new RegExp(`<(?:[\\w.-]+:)?${name}[\\s>/]`, 'g');
      pattern.lastIndex = start;
      const match = pattern.exec(text);
      const end = metaOf(node)?.endIndex ?? text.length;
      return locate(match && match.index < end ? match.index : start);
    },
  };
}

/** Step down a path; an array on the way is entered at its first element. */
export function child(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const step of path) {
    if (Array.isArray(current)) current = current[0];
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as XmlNode)[step];
  }
  return Array.isArray(current) ? current[0] : current;
}

/** Every node at the end of a path (the last step may repeat). */
export function children(node: unknown, ...path: string[]): unknown[] {
  const parent = child(node, ...path.slice(0, -1));
  const last = path[path.length - 1];
  if (typeof parent !== 'object' || parent === null || last === undefined) return [];
  const value = (parent as XmlNode)[last];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Element text with its references decoded (every one was checked to name a character). */
function decoded(text: string): string {
  const result = decodeReferences(text, XML_RULES);
  return result.ok ? result.text : text;
}

/** The text of an element (with or without attributes); null when absent or empty. */
export function textOf(node: unknown): string | null {
  if (typeof node === 'string') return node.trim() === '' ? null : decoded(node.trim());
  if (typeof node === 'object' && node !== null && '#text' in node) return textOf((node as XmlNode)['#text']);
  return null;
}

export function text(node: unknown, ...path: string[]): string | null {
  return textOf(child(node, ...path));
}

export function attribute(node: unknown, name: string): string | null {
  if (typeof node !== 'object' || node === null) return null;
  const value = (node as XmlNode)[`@${name}`];
  return typeof value === 'string' && value.trim() !== '' ? decoded(value.trim()) : null;
}
