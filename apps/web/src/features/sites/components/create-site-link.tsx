import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useObjectPermissions } from '../../organisations/index.ts';
import type { SiteDraft } from '../lib/site-draft.ts';

/**
 * « Créer le site » from a mandate card or an audited invoice (issue #24 §2, ADR 0079): opens the site form
 * pre-filled with the object's values (router state); members and above only (a viewer sees nothing).
 */
export function CreateSiteLink({ draft, label = 'Créer le site' }: { draft: SiteDraft; label?: string }) {
  const { canCreate } = useObjectPermissions();
  if (!canCreate) {
    return null;
  }
  return (
    <Link
      to={paths.siteNew.getHref()}
      state={{ siteDraft: draft }}
      className={buttonStyles({ variant: 'outline', size: 'sm' })}
    >
      <Building2 aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}
