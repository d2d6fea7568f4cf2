/** Published articles. Their full text is written in a later issue; the slug is the public URL and must not change. */
export type BlogPost = {
  slug: string;
  title: string;
  /** One sentence saying what the article covers. */
  summary: string;
};

export const blogPosts: readonly BlogPost[] = [
  {
    slug: 'optimiser-cascade-tarifaire-multi-sites',
    title: 'Optimiser la cascade tarifaire multi-sites',
    summary:
      'Cet article expliquera comment une entreprise qui exploite plusieurs sites peut optimiser, point de livraison par point de livraison, la cascade des termes tarifaires (transport, distribution, stockage et taxes) qui compose sa facture de gaz.',
  },
];

export function findBlogPost(slug: string | undefined): BlogPost | undefined {
  return blogPosts.find((post) => post.slug === slug);
}
