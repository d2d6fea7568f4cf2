/** Today in the browser's time zone, as the engine's dates (YYYY-MM-DD). Kept apart from the engine (small chunk). */
export function todayIsoDate(now: Date = new Date()): `${number}-${string}-${string}` {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
