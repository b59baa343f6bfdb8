/**
 * The offers feature as other features use it: the restaurant's platform
 * fees card (dashboard) and the super admin's lists (refunds, failed fees,
 * e-mail outbox).
 */
export { PlatformFeesCard } from './components/PlatformFeesCard';
export { FailedFeesSection, OutboxSection, RefundsSection } from './components/AdminOffersSections';
/** The lists' query keys, for a screen that changes what they show (a link e-mailed joins the outbox). */
export { feesKeys } from './api/fees-api';
