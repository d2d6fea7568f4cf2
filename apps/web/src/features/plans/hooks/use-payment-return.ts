import { settingsMessages } from '@pilote/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { refreshPlanState } from '../utils/refresh-plan-state.ts';

/**
 * Spec §2.6: back from the payment provider, `?payment=success` or `?payment=canceled` shows its toast, then the
 * page replaces itself with the bare settings URL (a reload shows no toast twice). The tier is read again after a
 * success; the URL itself grants nothing (the provider's events do, ADR 0027).
 */
export function usePaymentReturn(): void {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const payment = searchParams.get('payment');

  useEffect(() => {
    if (payment !== 'success' && payment !== 'canceled') {
      return;
    }
    if (payment === 'success') {
      toast.success(settingsMessages.paymentSucceeded, { id: 'payment-return' });
      void refreshPlanState(queryClient);
    } else {
      toast.info(settingsMessages.paymentCanceled, { id: 'payment-return' });
    }
    void navigate(paths.accountSettings.getHref(), { replace: true });
  }, [payment, navigate, queryClient]);
}
