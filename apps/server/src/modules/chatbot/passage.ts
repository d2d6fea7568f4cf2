/** One passage of the product's own knowledge, with the page it comes from. */
export interface Passage {
  id: string;
  title: string;
  text: string;
  url: string;
  /** Extra words that name it (an acronym), searched with a boost. */
  keywords: string;
}
