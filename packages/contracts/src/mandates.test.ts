import { describe, expect, it } from 'vitest';
import {
  canTransitionMandate,
  clampMandateDuration,
  isActiveMandateStatus,
  MANDATE_FAQ,
  MANDATE_MESSAGES,
  MANDATE_SIGNATURE_HELP,
  revocationConfirmed,
  type SignedMandateFields,
  type SimpleMandateBody,
  validateSignaturePresence,
  validateSignedMandate,
  validateSimpleMandate,
} from './mandates.ts';

const gas: SimpleMandateBody = {
  energy_type: 'gas',
  manager: 'grdf',
  pce: '12345678901234',
  delivery_point_address: '8 Boulevard du Port',
  delivery_point_postal_code: '80000',
  delivery_point_city: 'Amiens',
};

function messageOf(result: ReturnType<typeof validateSimpleMandate>): string | null {
  return result.ok ? null : result.issue.message;
}

describe('validateSimpleMandate (spec §5 « Simple mandate »)', () => {
  it('accepts a complete gas mandate: 12 months, the three categories by default, no load curve', () => {
    const result = validateSimpleMandate({ ...gas, pce: '1234 5678 9012 34' });
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        delivery_point_number: '12345678901234',
        duration_months: 12,
        authorized_consumption_data: true,
        authorized_technical_data: true,
        authorized_contractual_data: true,
        authorized_load_curve: false,
        manager_name: null,
      }),
    });
  });

  it('gives the spec message for a missing PDL or PCE and for a number that is not 14 digits', () => {
    expect(messageOf(validateSimpleMandate({ ...gas, pce: '' }))).toBe(MANDATE_MESSAGES.pceRequiredGas);
    expect(MANDATE_MESSAGES.pceRequiredGas).toBe('Le numéro PCE est obligatoire pour le gaz');
    expect(messageOf(validateSimpleMandate({ ...gas, pce: '1234567890123' }))).toBe(
      'Le PCE doit contenir exactement 14 chiffres',
    );
    expect(messageOf(validateSimpleMandate({ ...gas, pce: '1234567890123a' }))).toBe(
      'Le PCE doit contenir exactement 14 chiffres',
    );
    const electricity = { ...gas, energy_type: 'electricity', manager: 'enedis', pce: undefined };
    expect(messageOf(validateSimpleMandate(electricity))).toBe("Le numéro PDL est obligatoire pour l'électricité");
    expect(messageOf(validateSimpleMandate({ ...electricity, pdl: '123' }))).toBe(
      'Le PDL doit contenir exactement 14 chiffres',
    );
  });

  it('requires address, postal code and city, a 5-digit postal code, and a manager of the chosen energy', () => {
    for (const field of ['delivery_point_address', 'delivery_point_postal_code', 'delivery_point_city'] as const) {
      const result = validateSimpleMandate({ ...gas, [field]: '  ' });
      expect(result.ok ? null : result.issue).toEqual({
        path: `/${field}`,
        message: "Veuillez renseigner l'adresse complète du point de livraison",
      });
    }
    expect(messageOf(validateSimpleMandate({ ...gas, delivery_point_postal_code: '8000' }))).toBe(
      MANDATE_MESSAGES.postalCode,
    );
    expect(messageOf(validateSimpleMandate({ ...gas, manager: 'enedis' }))).toBe(MANDATE_MESSAGES.managerMismatch);
    expect(messageOf(validateSimpleMandate({ ...gas, manager: null }))).toBe(
      "Veuillez sélectionner le type d'énergie et le gestionnaire",
    );
    expect(messageOf(validateSimpleMandate({ ...gas, manager: 'other' }))).toBe(
      'Veuillez préciser le nom du gestionnaire',
    );
    expect(
      messageOf(
        validateSimpleMandate({
          ...gas,
          authorized_consumption_data: false,
          authorized_technical_data: false,
          authorized_contractual_data: false,
        }),
      ),
    ).toBe('Veuillez autoriser au moins un type de données');
  });
});

describe('validateSignedMandate (spec §5 wizard)', () => {
  const elec: SignedMandateFields = {
    ...gas,
    pce: null,
    energy_type: 'electricity',
    manager: 'enedis',
    pdl: '09876543210987',
  };

  it('uses the wizard messages, the 24-month default and the 6–36 step 6 duration', () => {
    const ok = validateSignedMandate(elec);
    expect(ok.ok && ok.value.duration_months).toBe(24);
    expect(messageOf(validateSignedMandate({ ...elec, pdl: '' }))).toBe('Le numéro PDL est obligatoire');
    expect(messageOf(validateSignedMandate({ ...elec, duration_months: 7 }))).toBe(MANDATE_MESSAGES.duration);
    expect(messageOf(validateSignedMandate({ ...elec, duration_months: 42 }))).toBe(MANDATE_MESSAGES.duration);
    expect(validateSignedMandate({ ...elec, duration_months: 36 }).ok).toBe(true);
  });

  it('accepts the load curve alone for electricity and refuses it for gas', () => {
    const onlyCurve = {
      ...elec,
      authorized_consumption_data: false,
      authorized_technical_data: false,
      authorized_contractual_data: false,
      authorized_load_curve: true,
    };
    expect(validateSignedMandate(onlyCurve).ok).toBe(true);
    expect(messageOf(validateSignedMandate({ ...gas, authorized_load_curve: true }))).toBe(
      MANDATE_MESSAGES.loadCurveElectricityOnly,
    );
  });

  it('validates only up to the current step (« Suivant »)', () => {
    expect(validateSignedMandate({ energy_type: 'gas', manager: 'grdf' }, 1).ok).toBe(true);
    expect(messageOf(validateSignedMandate({ energy_type: 'gas', manager: 'grdf' }, 2))).toBe(MANDATE_MESSAGES.address);
  });

  it('requires a PNG data URL signature', () => {
    expect(validateSignaturePresence('')?.message).toBe(MANDATE_MESSAGES.signatureRequired);
    expect(validateSignaturePresence('data:image/jpeg;base64,AAAA')?.message).toBe(MANDATE_MESSAGES.signatureFormat);
    expect(validateSignaturePresence('data:image/png;base64,AAAA')).toBeNull();
  });
});

describe('status machine, revocation and duration helpers', () => {
  it('allows exactly the transitions of issue #13', () => {
    expect(canTransitionMandate('pending', 'sent')).toBe(true);
    expect(canTransitionMandate('pending', 'active')).toBe(false);
    expect(canTransitionMandate('sent', 'active')).toBe(true);
    expect(canTransitionMandate('sent', 'rejected')).toBe(true);
    expect(canTransitionMandate('active', 'expired')).toBe(true);
    expect(canTransitionMandate('revoked', 'active')).toBe(false);
    expect(canTransitionMandate('expired', 'revoked')).toBe(false);
    expect(['pending', 'sent', 'active'].every((s) => isActiveMandateStatus(s as never))).toBe(true);
    expect(['revoked', 'expired', 'rejected'].some((s) => isActiveMandateStatus(s as never))).toBe(false);
  });

  it('confirms a revocation only with the exact number, and clamps a typed duration', () => {
    expect(revocationConfirmed('12345678901234', '1234 5678 9012 34')).toBe(true);
    expect(revocationConfirmed('12345678901234', '12345678901235')).toBe(false);
    expect(MANDATE_MESSAGES.revokeConfirmation('12345678901234')).toBe('Veuillez saisir exactement : 12345678901234');
    expect(clampMandateDuration(2)).toBe(6);
    expect(clampMandateDuration(99)).toBe(36);
  });
});

describe('what the signature is (ADR 0031, issue #21)', () => {
  it('names the eIDAS level (simple, neither advanced nor qualified) and only the evidence the server records', () => {
    const faq = MANDATE_FAQ.find((item) => item.question === 'Quelle est la valeur de la signature électronique ?');
    for (const text of [faq?.answer ?? '', `${MANDATE_SIGNATURE_HELP.level} ${MANDATE_SIGNATURE_HELP.evidence}`]) {
      expect(text).toContain('signature électronique simple au sens du règlement eIDAS');
      expect(text).toContain('ni avancée, ni qualifiée');
      // The evidence page of mandate-pdf.ts: account, timestamp, IP, user agent, consent text version, SHA-256, seal.
      for (const recorded of ['identifiant', 'adresse IP', 'navigateur', 'version du texte', 'SHA-256', 'cachet']) {
        expect(text.toLowerCase()).toContain(recorded.toLowerCase());
      }
      // Nothing the server does not record: no typed name, no identity document, no certificate of the signer.
      expect(text).not.toMatch(/nom saisi|pièce d’identité|certificat qualifié/);
    }
  });
});
