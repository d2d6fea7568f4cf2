import { ContentPage } from '../../../components/layout/page-header.tsx';

function InvoiceAuditPage() {
  return (
    <ContentPage
      title="Contrôle des factures"
      lead="Cette page présentera l'audit, en version bêta, des factures de transport de gaz&nbsp;: les paramètres facturés (NTR, TCL, CAR) sont comparés aux grilles tarifaires officielles."
    />
  );
}

export { InvoiceAuditPage as Component };
