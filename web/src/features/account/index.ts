/**
 * The account feature as the rest of the app uses it: the signed-in diner's
 * drawer for a menu header (the app gives it to the diner menu page).
 */
export { DinerDrawerSlot } from './components/DinerDrawerSlot';
