/** Words too common to help a search (French). */
const STOP_WORDS = new Set(
  (
    'a au aux avec ce ces cet cette dans de des du elle en est et eux il ils je la le les leur lui ma mais me ' +
    'meme mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un ' +
    'une vos votre vous y c d j l m n s t qu est-ce quoi quel quelle quels quelles comment sont ete etre avoir ' +
    // Common verbs that say nothing about the subject (« Comment faire… », « Que faut-il… »).
    'faire fait faut peut peux puis dois doit veux voudrais'
  ).split(' '),
);

/** Suffixes removed by the light stemmer, longest first (a word keeps at least 4 letters). */
const SUFFIXES = [
  'issements',
  'issement',
  'atrices',
  'ations',
  'ateurs',
  'ements',
  'atrice',
  'ation',
  'ateur',
  'ement',
  'ences',
  'ances',
  'ables',
  'euses',
  'ence',
  'ance',
  'able',
  'euse',
  'ites',
  'ite',
  'eux',
  'ifs',
  'ives',
  'if',
  'ive',
  'aux',
  'al',
  'es',
  'e',
  's',
  'x',
];

/** Lower case without accents: « Échéance » → « echeance ». */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}

/**
 * The term processor of the chatbot index (ADR 0035): accents folded, stop words dropped, a light French
 * stemmer (plural and common derivational suffixes), so « capacités », « capacité » and « Capacite » meet.
 * Returns null to drop the term.
 */
export function frenchTerm(term: string): string | null {
  const folded = foldAccents(term).replace(/^[ldjmnstc]'/, '');
  if (folded.length < 2 || STOP_WORDS.has(folded)) {
    return null;
  }
  if (/^\d/.test(folded) || folded.length <= 4) {
    return folded;
  }
  for (const suffix of SUFFIXES) {
    if (folded.endsWith(suffix) && folded.length - suffix.length >= 4) {
      return folded.slice(0, -suffix.length);
    }
  }
  return folded;
}
