/**
 * Whether a text shows anything: a character other than white space and the invisible format
 * characters (zero-width spaces and joiners, direction marks, the byte-order mark: \p{Cf}) that
 * trim() keeps. A required name or number made only of those is as missing as a blank one.
 */
export function showsSomething(text: string): boolean {
  return /[^\s\p{Cf}]/u.test(text);
}

/**
 * showsSomething for a refinement after `.min(1, required)`: an empty text is left to that check,
 * so it is told once.
 */
export function showsVisibleOrEmpty(text: string): boolean {
  return text === '' || showsSomething(text);
}
