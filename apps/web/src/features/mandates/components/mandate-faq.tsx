import { MANDATE_FAQ } from '@pilote/contracts';
import { useId } from 'react';

/**
 * The FAQ block of the Mandats screen (spec §1: deleted within 30 days of revocation, AES-256, 5 to 15 working days;
 * texts from `MANDATE_FAQ` of @pilote/contracts, ADR 0031), as native disclosure widgets (keyboard and screen readers
 * for free).
 */
export function MandateFaq() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold text-foreground">
        Questions fréquentes
      </h2>
      <div className="flex flex-col divide-y divide-border rounded-xl border border-border">
        {MANDATE_FAQ.map((item) => (
          <details key={item.question} className="group px-4 py-3">
            <summary className="cursor-pointer font-medium text-foreground marker:text-muted-foreground">
              {item.question}
            </summary>
            <p className="mt-2 text-sm leading-6 text-muted-foreground">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
