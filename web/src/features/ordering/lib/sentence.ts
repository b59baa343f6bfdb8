/**
 * A sentence that ends in a value (a time, a text someone typed) gets its
 * full stop here rather than in the message: the value may end one already
 * ('2:45 a.m.', 'Sin agua!', 'etc.'), and one mark ends the sentence. The
 * messages of such sentences (i18n) leave the final full stop out.
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  if (trimmed === '' || /[.!?…]$/.test(trimmed)) return trimmed;
  return `${trimmed}.`;
}
