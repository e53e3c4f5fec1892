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
  const escaped = escapeCdata(source);
  if (typeof escaped !== 'string') return escaped;
  const text = escaped;
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
