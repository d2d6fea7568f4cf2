/**
 * The explanation of the lines of a professional gas bill shown on /tarifs-energie, and indexed by the server's
 * chatbot (ADR 0037). Texts use the inline Markdown of markdown.ts (`**gras**`, `[lien](/chemin)`); `\u00a0`
 * before « : » as on the page.
 */
export type TariffExplanation = {
  /** Anchor id on /tarifs-energie (#ligne-atrd). */
  id: string;
  /** Plain title, for the chatbot's citation. */
  title: string;
  /** Extra words that name it (acronyms), searched with a boost by the chatbot. */
  keywords: string;
  /** The text shown, inline Markdown. */
  text: string;
};

/** « Les briques d'une facture de gaz professionnelle », one item per line of the bill. */
export const tariffBillLines: readonly TariffExplanation[] = [
  {
    id: 'ligne-atrd',
    title: 'Distribution (ATRD) : la ligne de la facture',
    keywords: 'ATRD distribution GRDF abonnement T1 T2 T3 T4 TP',
    text: "**Distribution (ATRD)**\u00a0: si votre site est raccordé au réseau de distribution (GRDF dans la plupart des communes), vous payez un abonnement et un terme proportionnel aux MWh consommés selon votre option T1, T2 ou T3\u00a0; en option T4 ou TP s'ajoute un terme de capacité sur votre CJA.",
  },
  {
    id: 'ligne-atrt',
    title: 'Transport (ATRT) : la ligne de la facture',
    keywords: 'ATRT transport NaTran Teréga TCS TCR TCL NTR PITD CJN',
    text: '**Transport (ATRT)**\u00a0: NaTran ou Teréga facturent des termes de capacité en €/MWh/j/an\u00a0: sortie du réseau principal (TCS), réseau régional (TCR, multiplié par le NTR de votre commune) et livraison (TCL). Pour un site raccordé à la distribution, ils sont calculés au PITD de la commune, sur une capacité normalisée (CJN = CAR × Zi × A) ou sur la CJA.',
  },
  {
    id: 'ligne-stockage',
    title: 'Stockage : la ligne de la facture',
    keywords: 'stockage compensation TTS modulation',
    text: '**Stockage**\u00a0: une compensation proportionnelle à votre modulation hivernale, au terme tarifaire de stockage (TTS).',
  },
  {
    id: 'ligne-cta',
    title: 'CTA : la ligne de la facture',
    keywords: 'CTA contribution tarifaire acheminement',
    text: "**CTA**\u00a0: la contribution tarifaire d'acheminement s'applique aux parts fixes de la distribution et du transport.",
  },
  {
    id: 'ligne-accise',
    title: 'Accise et CEE : les lignes de la facture',
    keywords: 'accise TICGN CEE taxe MWh',
    text: '**Accise** (ex-TICGN) et **CEE**\u00a0: montants par MWh consommé.',
  },
  {
    id: 'ligne-tva',
    title: 'TVA : la ligne de la facture',
    keywords: 'TVA taux normal',
    text: "**TVA**\u00a0: au taux normal sur l'ensemble, y compris désormais sur l'abonnement et la CTA.",
  },
];

/** The paragraph under « Les valeurs en vigueur… »: what the status of a value means. */
export const tariffValueStatuses: TariffExplanation = {
  id: 'valeurs',
  title: 'Les valeurs tarifaires et leur statut (officielle, source secondaire, estimation)',
  keywords: 'statut officielle secondaire estimation valeur grille',
  text: "Ces valeurs sont celles du moteur de calcul de Pilote Énergie, affichées telles quelles. Chacune indique sa date d'effet et un statut\u00a0: **officielle** (lue dans un texte de la CRE ou du Journal officiel), **source secondaire** (publication publique recoupée) ou **estimation** (pas encore lue dans un texte officiel), qui précise sa nature lorsqu'elle est connue\u00a0: **estimation (source secondaire)** (valeur relevée dans une publication non officielle, en attendant le texte), **estimation (formule de la délibération 2024-40)** (calculée par nous avec la formule d'évolution annuelle de la CRE) ou **estimation (valeur précédente reconduite)** (valeur en vigueur introuvable, la précédente est conservée). Lorsqu'une nouvelle grille n'est pas encore intégrée, la valeur est indiquée comme non disponible\u00a0: le simulateur le signale aussi au lieu d'inventer un chiffre.",
};
