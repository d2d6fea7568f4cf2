import type { Site } from '@pilote/contracts';
import { useSearchParams } from 'react-router';
import { useSite } from '../api/sites.ts';

/**
 * `?site=<id>` of the simulator's and the optimisation's pages (ADR 0068): the site whose data pre-fill the form and
 * to which the result is saved (`POST …?site=<id>`). `site` is undefined while it loads or when there is none.
 */
export function useSiteParam(): { siteId: string | null; site: Site | undefined; error: Error | null } {
  const [params] = useSearchParams();
  const siteId = params.get('site');
  const site = useSite(siteId);
  return { siteId, site: site.data, error: site.error };
}
