import { LocalCheckoutPage } from '../../../features/plans/components/local-checkout-page.tsx';

export { LocalCheckoutPage as Component };
