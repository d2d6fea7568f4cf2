import { MANDATE_LIMITS } from '@pilote/contracts';
import { useId } from 'react';

/** Spec §1: data deleted within 30 days of revocation, encrypted with AES-256, operators take 5 to 15 working days. */
export const mandateFaq = [
  {
    question: 'Pourquoi un mandat est-il nécessaire ?',
    answer:
      'Les gestionnaires de réseau (Enedis, GRDF, NaTran…) ne transmettent les données d’un point de livraison qu’avec l’autorisation écrite de son titulaire. Le mandat est cette autorisation : il précise les données et la durée.',
  },
  {
    question: 'Combien de temps prend le traitement ?',
    answer: `Le gestionnaire de réseau traite le mandat en ${MANDATE_LIMITS.processingMinWorkingDays} à ${MANDATE_LIMITS.processingMaxWorkingDays} jours ouvrés après son envoi.`,
  },
  {
    question: 'Que deviennent mes données si je révoque le mandat ?',
    answer: `La révocation prend effet immédiatement : vos données sont supprimées sous ${MANDATE_LIMITS.deletionDays} jours. Seule une trace du mandat (dates et statut) est conservée ${MANDATE_LIMITS.recordRetentionYears} ans, comme preuve.`,
  },
  {
    question: 'Mes données sont-elles protégées ?',
    answer:
      'Oui : elles sont chiffrées (AES-256), ne servent qu’aux analyses que vous demandez et ne sont jamais revendues.',
  },
] as const;

/** The FAQ block of the Mandats screen (native disclosure widgets: keyboard and screen readers for free). */
export function MandateFaq() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold text-foreground">
        Questions fréquentes
      </h2>
      <div className="flex flex-col divide-y divide-border rounded-xl border border-border">
        {mandateFaq.map((item) => (
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
