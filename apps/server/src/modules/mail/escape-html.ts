/** Text placed in a mail's HTML body: the characters HTML reads as markup become references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
