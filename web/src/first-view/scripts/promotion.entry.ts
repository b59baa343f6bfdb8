// Bundled into the inline script of the promotion's copy
// (scripts/first-views.mjs); the server fills the slot.
import { startPromotion, type PromotionArgs } from './promotion';

declare const cartaslotargs: PromotionArgs;
startPromotion(cartaslotargs);
