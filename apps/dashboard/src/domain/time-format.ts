/**
 * A countdown such as `2 days 4 h 05 min`, or `less than a minute`.
 */
export function formatCountdown(milliseconds: number): string {
  if (milliseconds < 60_000) return 'less than a minute';
  const totalMinutes = Math.floor(milliseconds / 60_000);
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days} ${days === 1 ? 'day' : 'days'}`);
  if (days > 0 || hours > 0) parts.push(`${hours} h`);
  parts.push(`${String(minutes).padStart(days > 0 || hours > 0 ? 2 : 1, '0')} min`);
  return parts.join(' ');
}

/**
 * A date and time in the viewer's time zone (or `timeZone`), e.g. `Monday, 7 December 2026 at 01:00`.
 */
export function formatLocalDateTime(at: Date, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
}

/**
 * Seconds as `m:ss` (or `h:mm:ss`), for chapter starts and durations.
 */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
