/** Names as a sentence offers a choice of them: "A", "A or B", "A, B or C"; nothing for none. */
export function listAlternatives(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
