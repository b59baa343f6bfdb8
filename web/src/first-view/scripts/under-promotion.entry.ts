// Bundled into the inline script after the menu's first view under the
// promotion's copy, which starts the code (scripts/first-views.mjs). No slot.
import { startUnderPromotion } from './first-view';

startUnderPromotion();
