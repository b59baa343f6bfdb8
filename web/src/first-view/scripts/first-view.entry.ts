// Bundled into the inline script after the menu's first view when the first
// view starts the code (scripts/first-views.mjs); the server fills the slot.
import { startFirstView } from './first-view';
import type { CodeArgs } from './start';

declare const cartaslotargs: CodeArgs;
startFirstView(cartaslotargs);
