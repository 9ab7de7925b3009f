/**
 * The single characters and character pairs of a text, lower-cased. Trigram indexes cannot serve
 * a one- or two-character search (most Chinese words: 毛巾, 收纳), so names also keep these grams
 * in an array column with a GIN index; `text contains kw` ⇔ `grams @> {kw}` for such keywords.
 */
export function searchGrams(text: string): string[] {
  const chars = [...text.toLowerCase()];
  const grams = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    if (/\s/.test(chars[i])) continue;
    grams.add(chars[i]);
    if (i + 1 < chars.length && !/\s/.test(chars[i + 1])) grams.add(chars[i] + chars[i + 1]);
  }
  return [...grams];
}
