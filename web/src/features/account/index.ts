/**
 * The account feature as the rest of the app uses it: the signed-in diner's
 * drawer and the header's account entry (the diner shell's), the
 * registration dialog and its call to action, and the restaurant a diner
 * page is about.
 */
export { DinerDrawerSlot } from './components/DinerDrawerSlot';
export { DinerAccountEntry } from './components/DinerAccountEntry';
export { RegisterCallToAction, RegistrationDialog } from './components/RestauranteDiner';
export { dinerClienteId } from './lib/diner-restaurant';
