import { Link } from 'react-router';
import { PublicPage } from '../../../components/layout/public-page.tsx';
import { paths } from '../../../config/paths.ts';
import { publicPages } from '../../../config/public-pages.ts';
import { blogPosts } from '../../../features/blog/posts.ts';
import { formatDate } from '../../../lib/format.ts';

function BlogPage() {
  return (
    <PublicPage
      page={publicPages.blog}
      eyebrow="Ressources"
      lead="Des articles pratiques pour comprendre les tarifs de réseau du gaz et réduire le coût d'acheminement de vos sites, sans jargon inutile."
    >
      <h2 className="sr-only">Articles</h2>
      <ul className="not-prose divide-y divide-border border-y border-border">
        {blogPosts.map((post) => (
          <li key={post.slug} className="py-6">
            <article>
              <h3 className="text-xl font-semibold tracking-tight">
                <Link
                  to={paths.blogPost.getHref(post.slug)}
                  className="rounded-sm text-foreground underline-offset-4 hover:text-primary hover:underline"
                >
                  {post.title}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">
                <time dateTime={post.date}>{formatDate(post.date, 'long')}</time> · {post.author}
              </p>
              <p className="mt-3 leading-7 text-muted-foreground">{post.description}</p>
            </article>
          </li>
        ))}
      </ul>
    </PublicPage>
  );
}

export { BlogPage as Component };
