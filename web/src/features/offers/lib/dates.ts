/** A unix-seconds timestamp as a short local date and time ('' for 0 or missing). */
export function formatTimestamp(sec: number | null | undefined, language: string): string {
  if (!sec) return '—';
  return new Date(sec * 1000).toLocaleString(language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'short', timeStyle: 'short' });
}
