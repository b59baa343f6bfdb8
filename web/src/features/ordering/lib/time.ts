/** The diner pages' clock: the one formatter of lib/clock (shared with the order board). */
export { formatClock, formatDateTime } from '../../../lib/clock';
