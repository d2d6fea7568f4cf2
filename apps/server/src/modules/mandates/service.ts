import { createMandateContext, type MandatesDependencies } from './context.ts';
import { createMandateLifecycle } from './lifecycle.ts';
import { createMandateOperator } from './operator.ts';
import { createOwnerMandates } from './owner.ts';
import { createStaffMandates } from './staff.ts';

export type { MandateSecrets, MandatesDependencies, RequestMeta } from './context.ts';

/**
 * The mandates' service, one object for the routes and the jobs, composed of the use cases of each actor:
 * the owner (`owner.ts`), the staff (`staff.ts`) and the lifecycle jobs (`lifecycle.ts`), over one shared context
 * (`context.ts`). ADR 0060.
 */
export function createMandatesService(deps: MandatesDependencies) {
  const context = createMandateContext(deps);
  return {
    ...createOwnerMandates(context),
    /** The PDF behind a signed link (no session: the link is the capability). */
    pdf: context.pdfBehindLink,
    ...createStaffMandates(context),
    ...createMandateLifecycle(context),
    /** The operator side of GRDF mandates: declaration, polling, sync, end (jobs), the PCE data (ADR 0072). */
    operator: createMandateOperator(context),
  };
}

export type MandatesService = ReturnType<typeof createMandatesService>;
