/** A day as the messages customers read write it ("Dec 12, 2026"), on the UTC calendar. */
export function formatMailDay(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
