import { data, type LoaderFunctionArgs, Link as RouterLink, useLoaderData } from 'react-router';
import { PageMeta } from '../../../components/layout/page-meta.tsx';
import { TrialCta } from '../../../components/layout/trial-cta.tsx';
import { paths } from '../../../config/paths.ts';
import { MarkdownContent } from '../../../features/blog/components/markdown-content.tsx';
import { findBlogPost } from '../../../features/blog/posts.ts';
import { formatDate } from '../../../lib/format.ts';

/** Unknown slugs answer 404: the route error boundary then shows the not-found page. */
export function loader({ params }: LoaderFunctionArgs) {
  const post = findBlogPost(params.slug);
  if (!post) {
    throw data('Article introuvable', { status: 404 });
  }
  return post;
}

function BlogPostPage() {
  const post = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <PageMeta
        title={post.title}
        description={post.description}
        path={paths.blogPost.getHref(post.slug)}
        type="article"
        publishedTime={post.date}
      />
      <div className="max-w-3xl">
        <nav aria-label="Fil d'Ariane" className="text-sm">
          <RouterLink to={paths.blog.getHref()} className="rounded-sm text-primary underline underline-offset-4">
            Blog
          </RouterLink>
        </nav>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
          {post.title}
        </h1>
        <p className="mt-3 text-sm text-muted-foreground">
          Publié le <time dateTime={post.date}>{formatDate(post.date, 'long')}</time> · {post.author}
        </p>
        <p className="mt-6 text-lg leading-8 text-muted-foreground">{post.description}</p>
      </div>
      <div className="prose-page mt-10 max-w-3xl">
        <MarkdownContent blocks={post.blocks} />
        <TrialCta />
      </div>
    </article>
  );
}

export { BlogPostPage as Component };
