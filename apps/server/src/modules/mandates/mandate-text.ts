import {
  deliveryPointLabel,
  MANDATE_LIMITS,
  type MandateDataCategory,
  type MandateEnergyType,
  type MandateKind,
  type MandateManager,
  mandateDataCategoryLabels,
  mandateEnergyTypeLabels,
  mandateManagerLabels,
} from '@pilote/contracts';

/**
 * The mandate and consent text (ADR 0031). Its version is stored with every mandate and printed on the evidence
 * page: change the text → bump the version, never edit a published one in place.
 */
export const CONSENT_TEXT_VERSION = 'mandat-2026-11-v1';

export const PLATFORM_NAME = 'Pilote Énergie';

export interface MandateDocumentInput {
  mandateId: string;
  kind: MandateKind;
  energyType: MandateEnergyType;
  manager: MandateManager;
  managerName: string | null;
  deliveryPointNumber: string;
  address: string;
  postalCode: string;
  city: string;
  categories: Record<MandateDataCategory, boolean>;
  durationMonths: number;
  /** YYYY-MM-DD. */
  expiryDate: string;
  signer: { userId: string; name: string; email: string };
  /** ISO instant of signature. */
  signedAt: string;
  ip: string;
  userAgent: string;
  consentTextVersion: string;
  /** PNG bytes of the drawn signature (signed mandates). */
  signaturePng: Uint8Array | null;
}

export interface MandateTextSection {
  title: string;
  paragraphs: string[];
}

export function managerDisplay(manager: MandateManager, managerName: string | null): string {
  return manager === 'other' && managerName ? managerName : mandateManagerLabels[manager];
}

/** The sections of the mandate, in order (also hashed for the evidence page). */
export function mandateSections(input: MandateDocumentInput): MandateTextSection[] {
  const point = deliveryPointLabel(input.energyType);
  const manager = managerDisplay(input.manager, input.managerName);
  const granted = (Object.keys(mandateDataCategoryLabels) as MandateDataCategory[]).map((category) => {
    const label = mandateDataCategoryLabels[category];
    if (category === 'authorized_load_curve' && input.energyType !== 'electricity') {
      return `• ${label} : sans objet (gaz)`;
    }
    return `• ${label} : ${input.categories[category] ? 'AUTORISÉ' : 'non autorisé'}`;
  });
  return [
    {
      title: 'Parties',
      paragraphs: [
        `Le mandant (titulaire du point de livraison) : ${input.signer.name} <${input.signer.email}>, compte n° ${input.signer.userId}.`,
        `Le mandataire : ${PLATFORM_NAME}, plateforme de suivi et d’optimisation énergétique, agissant pour le compte du mandant.`,
        `Le gestionnaire de réseau destinataire : ${manager}.`,
      ],
    },
    {
      title: 'Point de livraison',
      paragraphs: [
        `Énergie : ${mandateEnergyTypeLabels[input.energyType]}.`,
        `${point} : ${input.deliveryPointNumber}.`,
        `Adresse : ${input.address}, ${input.postalCode} ${input.city}.`,
      ],
    },
    {
      title: 'Objet : données dont la communication est autorisée',
      paragraphs: [
        `Le mandant autorise le gestionnaire de réseau à communiquer au mandataire les catégories de données suivantes, chacune consentie séparément :`,
        ...granted,
        'La courbe de charge fait l’objet d’un consentement distinct : elle n’est transmise que si elle est cochée ci-dessus.',
      ],
    },
    {
      title: 'Durée',
      paragraphs: [
        `Le mandat est donné pour ${input.durationMonths} mois à compter de sa signature, soit jusqu’au ${frenchDay(input.expiryDate)} inclus. Il n’est pas reconduit tacitement.`,
        `Le traitement par le gestionnaire de réseau prend habituellement de ${MANDATE_LIMITS.processingMinWorkingDays} à ${MANDATE_LIMITS.processingMaxWorkingDays} jours ouvrés.`,
      ],
    },
    {
      title: 'Droit de révocation et conservation',
      paragraphs: [
        'Le mandant peut révoquer ce mandat à tout moment depuis son espace (Compte › Mandats), sans motif ni frais.',
        `Après révocation, les données personnelles liées au mandat et les données de consommation obtenues sont supprimées sous ${MANDATE_LIMITS.deletionDays} jours ; seule une trace minimale de preuve (dates, catégories, empreinte du document) est conservée ${MANDATE_LIMITS.recordRetentionYears} ans.`,
        'Le mandant dispose des droits d’accès, de rectification, d’effacement, de limitation et d’opposition prévus par le RGPD.',
      ],
    },
    {
      title: 'Base légale',
      paragraphs: [
        'Consentement du titulaire du point de livraison : règlement (UE) 2016/679 (RGPD), article 6, paragraphe 1, point a).',
        'Accès d’un tiers aux données de comptage sur autorisation expresse du client, selon les procédures du gestionnaire de réseau.',
      ],
    },
    {
      title: 'Signature',
      paragraphs: [
        input.kind === 'signed'
          ? 'Signature électronique simple : signature manuscrite tracée à l’écran par le mandant après authentification à son compte, accompagnée du dossier de preuve ci-après. Le document est scellé par le cachet électronique de la plateforme (PAdES) : toute modification ultérieure est détectable.'
          : 'Consentement donné en ligne par le mandant authentifié (formulaire classique, sans signature tracée), accompagné du dossier de preuve ci-après. Le document est scellé par le cachet électronique de la plateforme (PAdES) : toute modification ultérieure est détectable.',
      ],
    },
  ];
}

export function frenchDay(isoDay: string): string {
  const [year, month, day] = isoDay.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}
