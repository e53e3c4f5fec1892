/**
 * MT940 field :86: (information to account owner) → reference, remittance text and counterparty.
 * Three shapes are common:
 * - German structured: "166?00SEPA-UEBERWEISUNG?20EREF+...?21SVWZ+...?30BIC?31IBAN?32Name"
 *   (?20–?29 and ?60–?63 hold the purpose in 27-character pieces, with SEPA keywords such as
 *   EREF+ end-to-end reference and SVWZ+ remittance text);
 * - Dutch/SWIFT keyword style: "/EREF/.../REMI/.../NAME/.../IBAN/...";
 * - free text.
 */
import { cleanText } from './text-lines';

export interface Mt940Information {
  reference: string | null;
  remittance: string | null;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
}

const SEPA_KEYWORDS = [
  'EREF',
  'KREF',
  'MREF',
  'CRED',
  'DEBT',
  'SVWZ',
  'ABWA',
  'ABWE',
  'IBAN',
  'BIC',
  'COAM',
  'OAMT',
];
const SLASH_KEYWORDS = [
  'TRTP',
  'IBAN',
  'BIC',
  'NAME',
  'REMI',
  'EREF',
  'MARF',
  'CSID',
  'CNTP',
  'ORDP',
  'BENM',
  'ADDR',
  'USTD',
  'STRD',
  'CDTRREFTP',
  'CDTRREF',
  'CD',
  'ISSR',
  'RTRN',
  'PREF',
  'ULTC',
  'ULTD',
  'PURP',
  'SVCL',
];
const NOT_PROVIDED = /^NOTPROVIDED$/i;

const meaningful = (value: string | null | undefined): string | null => {
  const cleaned = cleanText(value);
  return cleaned === null || NOT_PROVIDED.test(cleaned) ? null : cleaned;
};

/** "EREF+E2E-1SVWZ+Top-up RF18" → {EREF: 'E2E-1', SVWZ: 'Top-up RF18'}; text before any keyword under ''. */
function splitKeywords(purpose: string): Map<string, string> {
  // eslint-disable-next-line security/detect-non-literal-regexp -- alternatives are the constant SEPA_KEYWORDS list
  const pattern = new RegExp(`(${SEPA_KEYWORDS.join('|')})\\+`, 'g');
  const found = new Map<string, string>();
  let key = '';
  let from = 0;
  for (const match of purpose.matchAll(pattern)) {
    found.set(key, (found.get(key) ?? '') + purpose.slice(from, match.index));
    key = match[1]!;
    from = match.index + match[0].length;
  }
  found.set(key, (found.get(key) ?? '') + purpose.slice(from));
  return found;
}

function germanStructured(value: string): Mt940Information {
  // Subfields may be broken across lines anywhere: join the lines without a separator.
  const joined = value.replace(/\r?\n/g, '');
  const subfields = new Map<number, string>();
  const pattern = /\?(\d{2})/g;
  const matches = [...joined.matchAll(pattern)];
  matches.forEach((match, i) => {
    const end = matches[i + 1]?.index ?? joined.length;
    subfields.set(Number(match[1]), joined.slice(match.index + 3, end));
  });
  const pieces = [...subfields.entries()]
    .filter(([code]) => (code >= 20 && code <= 29) || (code >= 60 && code <= 63))
    .sort(([a], [b]) => a - b)
    .map(([, text]) => text);
  const purpose = pieces.join('');
  const keywords = splitKeywords(purpose);
  const hasKeywords = [...keywords.keys()].some((key) => key !== '');
  const name = [subfields.get(32), subfields.get(33)].filter((n) => n !== undefined).join('');
  return {
    reference: meaningful(keywords.get('EREF')),
    remittance: meaningful(hasKeywords ? (keywords.get('SVWZ') ?? keywords.get('')) : purpose),
    counterpartyName: meaningful(name),
    counterpartyAccount: meaningful(subfields.get(31)?.replace(/\s+/g, '') ?? keywords.get('IBAN')),
  };
}

function slashKeywords(value: string): Mt940Information {
  const joined = value.replace(/\r?\n/g, '');
  // eslint-disable-next-line security/detect-non-literal-regexp -- alternatives are the constant SLASH_KEYWORDS list
  const pattern = new RegExp(`/(${SLASH_KEYWORDS.join('|')})/`, 'g');
  const found = new Map<string, string>();
  const matches = [...joined.matchAll(pattern)];
  matches.forEach((match, i) => {
    const end = matches[i + 1]?.index ?? joined.length;
    const key = match[1]!;
    if (!found.has(key)) found.set(key, joined.slice(match.index + match[0].length, end));
  });
  // /REMI/USTD//text/ and /REMI/STRD/CUR/RF18.../ carry the text or creditor reference inside.
  const remi = (found.get('REMI') ?? found.get('USTD') ?? '').replace(/\/+$/, '');
  const structured = /^STRD\/(?:[A-Z]+\/)?(.*)$/.exec(remi);
  const creditorRef = found.get('CDTRREF') ?? structured?.[1] ?? null;
  return {
    reference: meaningful(found.get('EREF')) ?? meaningful(creditorRef),
    remittance: structured ? null : meaningful(remi.replace(/^USTD\/+/, '').replace(/^\/+/, '')),
    counterpartyName: meaningful(found.get('NAME')),
    counterpartyAccount: meaningful(found.get('IBAN')),
  };
}

export function readInformation(value: string): Mt940Information {
  const trimmed = value.trim();
  if (/^\d{3}\?\d{2}/.test(trimmed) || /^\?\d{2}/.test(trimmed)) return germanStructured(trimmed);
  if (/^\/(?:[A-Z]{2,9})\//.test(trimmed) && /\/(EREF|REMI|NAME|IBAN)\//.test(trimmed)) {
    return slashKeywords(trimmed);
  }
  return {
    reference: null,
    remittance: cleanText(trimmed.replace(/\r?\n/g, ' ')),
    counterpartyName: null,
    counterpartyAccount: null,
  };
}
