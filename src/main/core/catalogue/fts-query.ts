/**
 * A search box's text turned into a safe FTS5 expression. A person's text is never passed to MATCH
 * as it is: quotes, `*`, `-`, `:`, `^`, parentheses and the words AND, OR, NOT, NEAR are FTS5
 * syntax and would raise a syntax error or change the meaning. Instead the text is cut into words
 * the way the index's unicode61 tokenizer cuts it (letters, digits and private-use characters make
 * words; everything else separates them), each word becomes a quoted prefix term ("word"*), and
 * the terms are ANDed. A word of one character only matches the start of a word in the name, slug
 * or categories (typing "a" should find brands, not every brand whose terms contain "any").
 */

export interface FtsQuery {
  /** The words searched for, lower-cased, as the person typed them. */
  words: string[];
  /** The MATCH expression; null when the text holds no word (then every brand matches). */
  expression: string | null;
}

const WORD = /[\p{L}\p{N}\p{Co}]+/gu;
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 64;

export function ftsQuery(text: string): FtsQuery {
  const words = [...new Set((text.normalize('NFC').match(WORD) ?? []).map((word) => word.toLowerCase()))]
    .map((word) => word.slice(0, MAX_WORD_LENGTH))
    .slice(0, MAX_WORDS);
  if (words.length === 0) return { words, expression: null };
  const terms = words.map((word) =>
    // A word holds no quote (WORD has none), so quoting it is enough to make it a plain term.
    [...word].length === 1 ? `{name slug categories} : "${word}"*` : `"${word}"*`,
  );
  return { words, expression: terms.join(' AND ') };
}
