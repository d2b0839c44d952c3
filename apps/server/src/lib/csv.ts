/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * A cell a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return)
 * is prefixed with a single quote, so an exported name like `=HYPERLINK(...)` stays text.
 */
export function csvCell(value: string | number | bigint | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, ended by CRLF. */
export function csvLine(cells: readonly (string | number | bigint | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
