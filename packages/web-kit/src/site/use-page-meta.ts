import { useEffect } from 'react';

/**
 * Gives a page its document title and meta description while it is shown (search results and
 * shared links use them), and puts back what the document had when the page goes.
 */
export function usePageMeta(meta: { title: string; description: string } | undefined): void {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    const previousTitle = document.title;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !tag;
    const previousDescription = tag?.getAttribute('content') ?? null;
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    document.title = title;
    tag.content = description;
    return () => {
      document.title = previousTitle;
      if (created) tag.remove();
      else if (previousDescription !== null) tag.setAttribute('content', previousDescription);
    };
  }, [title, description]);
}
