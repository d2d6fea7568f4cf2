import { glossaryTerms } from '@pilote/content';
import { PublicPage } from '../../../components/layout/public-page.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { publicPages } from '../../../config/public-pages.ts';

function GlossaryPage() {
  const terms = [...glossaryTerms].sort((a, b) =>
    (a.acronym ?? a.name).localeCompare(b.acronym ?? b.name, 'fr', { sensitivity: 'base' }),
  );
  return (
    <PublicPage
      page={publicPages.glossary}
      eyebrow="Comprendre"
      lead="Les factures et les grilles d'acheminement du gaz parlent en sigles. Voici ceux que vous croiserez dans Pilote Énergie, expliqués simplement."
    >
      <nav aria-label="Accès direct aux termes" className="not-prose">
        <ul className="flex flex-wrap gap-2">
          {terms.map((term) => (
            <li key={term.id}>
              <a
                href={`#${term.id}`}
                className="inline-flex min-h-9 items-center rounded-md border border-border-strong/50 px-3 text-sm font-medium text-foreground hover:bg-muted"
              >
                {term.acronym ?? term.name.split(' (')[0]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <dl className="mt-10">
        {terms.map((term) => (
          <div key={term.id} id={term.id} className="scroll-mt-24 border-t border-border py-5">
            <dt className="text-lg text-foreground">
              {term.acronym ? (
                <>
                  <abbr title={term.name} className="no-underline">
                    {term.acronym}
                  </abbr>{' '}
                  — {term.name}
                </>
              ) : (
                term.name
              )}
              {term.unit ? <span className="ml-2 text-sm font-normal text-muted-foreground">({term.unit})</span> : null}
            </dt>
            <dd className="mt-2 leading-7">{term.definition}</dd>
          </div>
        ))}
      </dl>
      <p>
        Les valeurs en vigueur de ces termes, avec leurs dates et leurs sources, sont sur la page{' '}
        <Link to={paths.tariffs.getHref()}>Tarifs de l'énergie</Link>.
      </p>
    </PublicPage>
  );
}

export { GlossaryPage as Component };
