import type { CommunePitd } from '@pilote/contracts';
import { useEffect, useId, useRef } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { useCommunePitd } from '../api/get-commune-pitd.ts';

/** « NTR 7 », or « NTR 0 ou 2 (*) » when the table gives two values (the form then asks which one). */
export function ntrLabel(point: Pick<CommunePitd, 'ntr' | 'ntrChoices'>): string {
  return point.ntrChoices && point.ntrChoices.length > 1
    ? `NTR ${point.ntrChoices.join(' ou ')} (*)`
    : `NTR ${point.ntr}`;
}

/**
 * The PITD(s) serving the commune of an address (issue #23 §4, ADR 0051), read from the PITD table in service:
 * one is chosen at once (`onChoose`), several are offered as a choice left to the user, none is said. Shared by
 * the simulator form (which fills code, commune, TSO and DSO) and the mandate wizard.
 */
export function CommunePitdChoice({
  insee,
  communeLabel,
  selectedCode,
  onChoose,
}: {
  /** INSEE code of the address's commune (`citycode` of the address search); null: no address chosen. */
  insee: string | null;
  communeLabel: string;
  selectedCode: string;
  onChoose: (point: CommunePitd) => void;
}) {
  const query = useCommunePitd(insee);
  const name = useId();
  const points = query.data?.points ?? [];
  const single = points.length === 1 ? points[0] : undefined;
  // The commune's only PITD is chosen once per answer: a later change of the code in the form is the user's.
  const chosenFor = useRef<unknown>(null);

  useEffect(() => {
    if (single && chosenFor.current !== single) {
      chosenFor.current = single;
      if (selectedCode !== single.code) {
        onChoose(single);
      }
    }
  }, [single, selectedCode, onChoose]);

  if (insee === null) {
    return null;
  }
  if (query.isPending) {
    return <LoadingState label="Recherche du PITD de la commune…" />;
  }
  if (query.isError) {
    return <Alert tone="error">Le PITD de la commune n’a pas pu être recherché : choisissez-le dans la liste.</Alert>;
  }
  const attribution = query.data.dataset.provenance?.attribution;
  if (points.length === 0) {
    return (
      <Alert tone="info" data-testid="commune-pitd">
        Aucun PITD ne dessert {communeLabel} dans la table des PITD en service : la commune n’est peut-être pas
        desservie en gaz naturel. Choisissez le code dans la liste si vous le connaissez.
      </Alert>
    );
  }
  if (single) {
    return (
      <p className="text-sm text-foreground" data-testid="commune-pitd">
        {communeLabel} est desservie par le PITD <strong>{single.code}</strong> ({single.libelle}), {ntrLabel(single)},{' '}
        {single.tso}, {single.dso}.{' '}
        {attribution ? <span className="text-xs text-muted-foreground">{attribution}</span> : null}
      </p>
    );
  }
  return (
    <fieldset className="flex flex-col gap-2" data-testid="commune-pitd">
      <legend className="text-sm font-medium text-foreground">
        Plusieurs PITD desservent {communeLabel} : choisissez celui de votre site.
      </legend>
      {points.map((point) => (
        <label key={point.code} className="flex items-center gap-2 text-sm text-foreground">
          <input
            type="radio"
            name={name}
            value={point.code}
            checked={selectedCode === point.code}
            onChange={() => onChoose(point)}
          />
          <span>
            {point.code} — {point.libelle} ({point.commune}), {ntrLabel(point)}, {point.tso}, {point.dso}
          </span>
        </label>
      ))}
      {attribution ? <p className="text-xs text-muted-foreground">{attribution}</p> : null}
    </fieldset>
  );
}
