/**
 * The official point tables shipped with the server (ADR 0051), as the public tariffs page and the simulator's
 * sources name them. The attributions are those of `apps/server/reference-tables/provenance.json` (a server test
 * checks they agree); the tables themselves never reach the web bundle.
 */
export interface ReferenceTableAttribution {
  readonly table: 'pitd' | 'zi' | 'a' | 'distributors';
  readonly title: string;
  readonly attribution: string;
}

export const referenceTableAttributions: readonly ReferenceTableAttribution[] = [
  {
    table: 'pitd',
    title: 'Table des PITD (commune → PITD, GRT, NTR, station météo, distributeur, péréquation)',
    attribution:
      'Source : GRDF, Table des PITD du 20/02/2026, publiée sur le site de concertation gaz de la CRE (GTG 2007).',
  },
  {
    table: 'zi',
    title: 'Coefficients Zi par station météo et profil',
    attribution:
      'Source : GTG 2007, Table des capacités normalisées (période du 1er avril 2026 au 31 mars 2027), feuille Zi.',
  },
  {
    table: 'a',
    title: 'Coefficients d’ajustement A',
    attribution:
      'Source : GTG 2007, Table des capacités normalisées (période du 1er avril 2026 au 31 mars 2027), feuille A ; délibération CRE n° 2026-49.',
  },
  {
    table: 'distributors',
    title: 'Gestionnaires de réseau de distribution',
    attribution:
      'Source : délibération CRE n° 2026-15 du 20 février 2026, §1.2 ; codes : GRDF, Table des PITD, feuille « Codification ».',
  },
];

/** Why the NTR of a transport-connected point (LI, PIC) is not offered (issue #23 §2). */
export const transportNtrNotice =
  'Le NTR d’un point raccordé au réseau de transport (LI, PIC) n’est pas dans la table des PITD : l’annexe de l’ATRT8 qui liste le NTR de chaque site (« Liste des NTR par site ») n’a pas de copie accessible. Il vient de la table des points importée par l’exploitant ou de votre facture de transport.';
