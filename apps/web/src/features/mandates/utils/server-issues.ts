import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { isApiClientError } from '../../../lib/api-error.ts';
import { fieldOfIssue, type MandateFormValues } from './mandate-form.ts';

/** The `details` of a validation answer (code-style.md § Errors); the rest of the body is the shared error shape. */
const validationDetailsSchema = z.object({
  details: z.array(z.object({ path: z.string(), message: z.string() })),
});

/**
 * A 400 `VALIDATION_FAILED` answer carries `details: [{ path, message }]`: each message goes under its field, so
 * nothing typed is lost and the user sees where to correct. Returns whether any field was marked.
 */
export function showServerIssues(form: UseFormReturn<MandateFormValues>, error: unknown): boolean {
  if (!isApiClientError(error)) {
    return false;
  }
  const parsed = validationDetailsSchema.safeParse(error.body);
  const details = parsed.success ? parsed.data.details : [];
  for (const issue of details) {
    form.setError(fieldOfIssue(issue), { message: issue.message });
  }
  return details.length > 0;
}
