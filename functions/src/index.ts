export { onUserCreated } from './functions/onUserCreated';
export { startCheckout } from './functions/startCheckout';
export { claimFreeEntries } from './functions/claimFreeEntries';
export { payWithTestCard } from './functions/payWithTestCard';
export { stripeWebhook } from './functions/stripeWebhook';
export { onCheckoutSessionUpdated } from './functions/onCheckoutSessionUpdated';
export { onMailCreated } from './functions/onMailCreated';
export { expireCheckoutReservations } from './functions/expireCheckoutReservations';
