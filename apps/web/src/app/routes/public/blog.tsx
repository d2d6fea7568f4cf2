import { ContentPage } from '../../../components/layout/page-header.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { blogPosts } from '../../../features/blog/blog-posts.ts';

function BlogPage() {
  return (
    <ContentPage
      title="Blog"
      lead="Le blog publiera des articles sur les tarifs de réseau du gaz et la maîtrise des coûts d'énergie des entreprises."
    >
      <h2 className="text-xl font-semibold text-foreground">Articles</h2>
      <ul className="mt-4 space-y-6">
        {blogPosts.map((post) => (
          <li key={post.slug}>
            <Link to={paths.blogPost.getHref(post.slug)} className="text-lg">
              {post.title}
            </Link>
            <p className="mt-1 text-muted-foreground">{post.summary}</p>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}

export { BlogPage as Component };
