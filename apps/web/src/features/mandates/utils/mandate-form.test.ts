import { describe, expect, it } from 'vitest';
import {
  deliveryPointInput,
  durationFromInput,
  emptyMandateForm,
  fieldOfIssue,
  toRequestFields,
} from './mandate-form.ts';

describe('mandate form values', () => {
  it('clamps a typed duration to 6–36 months on 6-month steps and keeps the value on unreadable input', () => {
    expect(durationFromInput('40', 24)).toBe(36);
    expect(durationFromInput('0', 24)).toBe(6);
    expect(durationFromInput('-12', 24)).toBe(6);
    expect(durationFromInput('13', 24)).toBe(12);
    expect(durationFromInput('15', 24)).toBe(18);
    expect(durationFromInput('30', 24)).toBe(30);
    expect(durationFromInput('', 18)).toBe(18);
    expect(durationFromInput('douze', 18)).toBe(18);
    // The app's one French-number reader: a decimal comma is read, JavaScript's other notations are not.
    expect(durationFromInput(' 12,5 ', 18)).toBe(12);
    expect(durationFromInput('1e1', 18)).toBe(18);
    expect(durationFromInput('0x18', 18)).toBe(18);
  });

  it('keeps digits only, 14 at most, in the PDL/PCE field', () => {
    expect(deliveryPointInput('12 345-678 901 234 56')).toBe('12345678901234');
  });

  it('sends the number as pdl for electricity and pce for gas, the load curve for electricity only', () => {
    const gas = toRequestFields({ ...emptyMandateForm, energy_type: 'gas', number: '1', authorized_load_curve: true });
    expect(gas).toMatchObject({ pce: '1', pdl: null, authorized_load_curve: false });
    const elec = toRequestFields({
      ...emptyMandateForm,
      energy_type: 'electricity',
      number: '2',
      authorized_load_curve: true,
    });
    expect(elec).toMatchObject({ pdl: '2', pce: null, authorized_load_curve: true });
  });

  it('shows each issue path under its field', () => {
    expect(fieldOfIssue({ path: '/pce' })).toBe('number');
    expect(fieldOfIssue({ path: '/mandate/delivery_point_city' })).toBe('delivery_point_city');
    expect(fieldOfIssue({ path: '/energy_type' })).toBe('manager');
    expect(fieldOfIssue({ path: '/authorized_load_curve' })).toBe('authorized_consumption_data');
  });
});
