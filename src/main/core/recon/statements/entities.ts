/**
 * Character and entity references in XML (camt.053) and OFX text. Only the predefined entities and
 * numeric references are read; a document's own entities (declared in a DTD) are never expanded, so
 * a file cannot change a value through one. A reference that names no character is a problem.
 */
import { quoted } from './limits';

export const XML_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};
/** OFX 1.x is SGML: it also writes &nbsp; and does not care about case. */
export const OFX_ENTITIES: Readonly<Record<string, string>> = { ...XML_ENTITIES, nbsp: '\u00a0' };

const REFERENCE = /&(#x[0-9a-fA-F]{1,8}|#\d{1,10}|[a-zA-Z][a-zA-Z0-9]{0,30});/g;

/** A character reference that names a real character: not beyond U+10FFFF, no surrogate, no NUL. */
function characterOf(code: number): string | undefined {
  if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff) return undefined;
  if (code >= 0xd800 && code <= 0xdfff) return undefined;
  return String.fromCodePoint(code);
}

export type Decoded = { ok: true; text: string } | { ok: false; problem: string; offset: number };

export interface EntityRules {
  entities: Readonly<Record<string, string>>;
  /** SGML names compare without case; XML's do not. */
  ignoreCase: boolean;
  /** Keep an unknown named reference as written (OFX) instead of calling it a problem (XML). */
  keepUnknown: boolean;
}

export const XML_RULES: EntityRules = { entities: XML_ENTITIES, ignoreCase: false, keepUnknown: false };
export const OFX_RULES: EntityRules = { entities: OFX_ENTITIES, ignoreCase: true, keepUnknown: true };

/** Replace every reference; the first one that names nothing is the problem (with its offset). */
export function decodeReferences(text: string, rules: EntityRules): Decoded {
  if (!text.includes('&')) return { ok: true, text };
  let problem: { problem: string; offset: number } | undefined;
  const decoded = text.replace(REFERENCE, (whole: string, name: string, offset: number) => {
    if (name.startsWith('#')) {
      const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      const character = characterOf(code);
      if (character !== undefined) return character;
      problem ??= {
        problem: `${quoted(whole)} is not a character: references name U+0001 to U+10FFFF, surrogates excepted.`,
        offset,
      };
      return whole;
    }
    const known = rules.entities[rules.ignoreCase ? name.toLowerCase() : name];
    if (known !== undefined) return known;
    if (!rules.keepUnknown)
      problem ??= {
        problem: `${quoted(whole)} is not one of the five XML entities (&amp; &lt; &gt; &quot; &apos;); FloatDesk never expands a document's own entities.`,
        offset,
      };
    return whole;
  });
  return problem === undefined ? { ok: true, text: decoded } : { ok: false, ...problem };
}

/** The first reference in a text that names no character (or, in XML, an undeclared entity). */
export function firstBadReference(
  text: string,
  rules: EntityRules,
): { problem: string; offset: number } | undefined {
  if (!text.includes('&')) return undefined;
  const pattern = new RegExp(REFERENCE); // a copy of the constant pattern, with its own lastIndex
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const decoded = decodeReferences(match[0], rules);
    if (!decoded.ok) return { problem: decoded.problem, offset: match.index };
  }
  return undefined;
}
