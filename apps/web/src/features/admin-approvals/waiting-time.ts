/** How long something has waited, for people: "2 min", "3 h 5 min", "4 d 2 h" ("less than a minute"). */
export function formatWaitingTime(sinceIso: string, now: number): string {
  const minutes = Math.floor((now - new Date(sinceIso).getTime()) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
