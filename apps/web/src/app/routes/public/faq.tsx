import { faqGroups } from '@pilote/content';
import { PublicPage } from '../../../components/layout/public-page.tsx';
import { TrialCta } from '../../../components/layout/trial-cta.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { publicPages } from '../../../config/public-pages.ts';

/** Questions stay open in the page (no accordion): everything is readable, searchable and printable at once. */
function FaqPage() {
  return (
    <PublicPage
      page={publicPages.faq}
      eyebrow="Aide"
      lead="Les réponses aux questions que nous posent le plus souvent les entreprises, sur le produit, les mandats d'accès aux données, le compte et les calculs."
    >
      <nav aria-label="Thèmes de la FAQ" className="not-prose">
        <ul className="flex flex-wrap gap-2">
          {faqGroups.map((group) => (
            <li key={group.id}>
              <a
                href={`#${group.id}`}
                className="inline-flex min-h-9 items-center rounded-md border border-border-strong/50 px-3 text-sm font-medium text-foreground hover:bg-muted"
              >
                {group.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {faqGroups.map((group) => (
        <section key={group.id} aria-labelledby={group.id}>
          <h2 id={group.id}>{group.title}</h2>
          {group.items.map((item) => (
            <div key={item.id}>
              <h3 id={item.id}>{item.question}</h3>
              {item.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          ))}
        </section>
      ))}
      <p>
        Une autre question&nbsp;? Consultez le <Link to={paths.glossary.getHref()}>glossaire</Link> ou{' '}
        <Link to={paths.contact.getHref()}>écrivez-nous</Link>.
      </p>
      <TrialCta />
    </PublicPage>
  );
}

export { FaqPage as Component };
