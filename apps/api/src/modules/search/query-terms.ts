// A shopper's search text as the alternatives full-text search looks for (docs/search.md#synonyms): each word
// or synonym phrase of the text, with every term of its synonym set. Pure: the repository turns it into a tsquery.

/** Lower-case words of a text: letters, digits and hyphens, the rest is a separator. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
}

/** Normalised text for the zero-result log: lower case, single spaces. */
export function normaliseQuery(text: string): string {
  return wordsOf(text).join(' ');
}

/**
 * The text's words grouped into what must all match, each with its alternatives: a phrase of a synonym set (the
 * longest one that starts at a word) stands for every term of its set; any other word stands for itself.
 * 'black tee' with the set {tee, t-shirt, tshirt} gives [['black'], ['tee', 't-shirt', 'tshirt']].
 */
export function expandTerms(text: string, synonymSets: readonly (readonly string[])[]): string[][] {
  const words = wordsOf(text);
  const phrases = synonymSets.flatMap((set) => set.map((term) => ({ words: wordsOf(term), set })));
  const groups: string[][] = [];
  let i = 0;
  while (i < words.length) {
    let best: { words: string[]; set: readonly string[] } | undefined;
    for (const phrase of phrases) {
      const n = phrase.words.length;
      if (n === 0 || n <= (best?.words.length ?? 0)) continue;
      if (phrase.words.every((w, k) => words[i + k] === w)) best = phrase;
    }
    if (best) {
      groups.push([...new Set(best.set.map((term) => wordsOf(term).join(' ')))]);
      i += best.words.length;
    } else {
      groups.push([words[i]!]);
      i += 1;
    }
  }
  return groups;
}

/** An opaque page cursor: where the next page starts in the ranked list. */
export function encodeCursor(offset: number): string {
  return Buffer.from(`o${offset}`).toString('base64url');
}

/** The offset a cursor stands for; null when it is not one of ours. */
export function decodeCursor(cursor: string): number | null {
  const match = /^o(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  return match ? Number(match[1]) : null;
}
