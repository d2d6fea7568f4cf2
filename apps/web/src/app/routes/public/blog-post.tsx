import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { ContentPage } from '../../../components/layout/page-header.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { findBlogPost } from '../../../features/blog/blog-posts.ts';

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
    <article>
      <ContentPage title={post.title} lead={post.summary}>
        <Link to={paths.blog.getHref()}>Tous les articles</Link>
      </ContentPage>
    </article>
  );
}

export { BlogPostPage as Component };
