/**
 * Whether an opening interval is the whole day (00:00 to midnight, '24:00' or,
 * in a time input, '00:00'): shown as 'Abierto 24 horas' / 'Open 24 hours',
 * never '12:00 AM – 12:00 AM', on the diner's and the staff's pages.
 */
export function isAllDay(h: { abre: string; cierra: string }): boolean {
  return h.abre === '00:00' && (h.cierra === '24:00' || h.cierra === '00:00');
}
