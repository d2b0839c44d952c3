export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.co/a."). */
const TRAILING = /[.,;:!?'")\]}>]+$/;

/**
 * Splits plain text into text and web addresses, so addresses can be shown as links without
 * treating the text as HTML. Only http(s) addresses become links; nothing else is interpreted.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let candidate = match[0];
    // Keep a closing parenthesis that closes one inside the address (Wikipedia-style links).
    const trailing = TRAILING.exec(candidate)?.[0] ?? '';
    let cut = trailing.length;
    if (trailing.startsWith(')') && count(candidate, '(') >= count(candidate, ')')) cut = 0;
    candidate = candidate.slice(0, candidate.length - cut);
    const href = toWebUrl(candidate);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function toWebUrl(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
