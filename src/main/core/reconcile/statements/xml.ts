/**
 * XML for camt.053 through fast-xml-parser (maintained, pure JavaScript, no native code): the
 * document is first checked to be well-formed (a cut-short file becomes one problem with its line),
 * then read with namespace prefixes removed, text kept as written (no number conversion), and the
 * start offset of each element kept so problems name a line.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { StatementProblem } from '../../../../shared/domain/statements';
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

/** Parse XML, or return the one problem that makes it unreadable. */
export function parseXml(text: string, arrays: ReadonlySet<string>): XmlDocument | StatementProblem {
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
      problem: `The XML is not well-formed: ${msg} Download the statement again.`,
    };
  }
  const parser = new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    htmlEntities: true,
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

/** The text of an element (with or without attributes); null when absent or empty. */
export function textOf(node: unknown): string | null {
  if (typeof node === 'string') return node.trim() === '' ? null : node.trim();
  if (typeof node === 'object' && node !== null && '#text' in node) return textOf((node as XmlNode)['#text']);
  return null;
}

export function text(node: unknown, ...path: string[]): string | null {
  return textOf(child(node, ...path));
}

export function attribute(node: unknown, name: string): string | null {
  if (typeof node !== 'object' || node === null) return null;
  const value = (node as XmlNode)[`@${name}`];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
