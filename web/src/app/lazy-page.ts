import { lazy, type ComponentType } from 'react';
import { loadTexts, type TextsPart } from './i18n';

/** A lazily loaded page whose chunk and texts (part) load together. */
export function withTexts<P extends object>(part: TextsPart, load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => Promise.all([load(), loadTexts(part)]).then(([m]) => m));
}
/** A staff page: its chunk and the staff pages' texts load together. */
export const staffPage = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) => withTexts('staff', load);
/** A page of the access flows (set or reset a password, a connection's outcome, an invitation). */
export const accessPage = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) => withTexts('access', load);
