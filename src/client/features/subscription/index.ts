/** What other features may use from the subscription feature. */
export { PremiumIncludes } from './PremiumIncludes.tsx';
export { SubscriptionStatus } from './SubscriptionStatus.tsx';
export { useSubscription } from './api.ts';
