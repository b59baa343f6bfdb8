/** The vouchers feature as other features use it: the restaurant's 'Canjear cupón' card. */
export { RedeemVoucherCard } from './components/RedeemVoucherCard';
