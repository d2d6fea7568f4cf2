/**
 * The simulator form's state on react-hook-form (issue #22, ADR 0065): every failing field at once from the
 * contract's schema, the cascade's transitions applied (a new code clears the commune and its error), and the
 * prefill of other screens (`useSimulatorForm(initialValues)`, `prefill(values)`).
 */
import { SIMULATOR_MESSAGES } from '@pilote/contracts';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSimulatorForm } from './use-simulator-form.ts';

describe('useSimulatorForm', () => {
  it('reports every failing field on submit, the first in screen order; a changed field loses its error', async () => {
    const { result } = renderHook(() => useSimulatorForm({ pointDeReseau: 'LI' }));
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    await act(() => result.current.submit(onValid, onInvalid));
    expect(onValid).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith('code');
    expect(result.current.state.errors).toEqual({
      code: SIMULATOR_MESSAGES.codeLi,
      tso: SIMULATOR_MESSAGES.tso,
      tarif: SIMULATOR_MESSAGES.tarif,
      profil: SIMULATOR_MESSAGES.profil,
      assiette: SIMULATOR_MESSAGES.assiette,
      cja: SIMULATOR_MESSAGES.cja,
    });
    act(() => result.current.dispatch({ type: 'setField', field: 'cja', value: '109' }));
    expect(result.current.state.values.cja).toBe('109');
    expect(result.current.state.errors.cja).toBeUndefined();
    expect(result.current.state.errors.tso).toBe(SIMULATOR_MESSAGES.tso);
  });

  it('a new code clears the commune (the cascade reducer drives the form)', () => {
    const { result } = renderHook(() =>
      useSimulatorForm({ pointDeReseau: 'PITD', code: 'IDF-01', commune: 'Paris', ntr: '2' }),
    );
    act(() => result.current.dispatch({ type: 'setField', field: 'code', value: 'VER-01' }));
    expect(result.current.state.values).toMatchObject({ code: 'VER-01', commune: '', ntr: '' });
  });

  it('the honeypot is a form-wide message, no field error', async () => {
    const { result } = renderHook(() => useSimulatorForm({ pointDeReseau: 'PITD', honeypot: 'http://spam' }));
    const onInvalid = vi.fn();
    await act(() => result.current.submit(vi.fn(), onInvalid));
    expect(onInvalid).toHaveBeenCalledWith(null);
    expect(result.current.state).toMatchObject({ errors: {}, formError: SIMULATOR_MESSAGES.honeypot });
  });

  it('prefill replaces the values and clears the errors; valid values are submitted as typed', async () => {
    const { result } = renderHook(() => useSimulatorForm());
    await act(() => result.current.submit(vi.fn(), vi.fn()));
    expect(result.current.state.errors.pointDeReseau).toBe(SIMULATOR_MESSAGES.pointDeReseau);
    const site = {
      pointDeReseau: 'PITD',
      code: 'GD1057',
      commune: 'Paris',
      tso: 'NaTran',
      dso: 'GRDF',
      tarif: 'T4',
      profil: 'P016',
      cja: '109',
      assiette: '18 000',
      dateEffetMonth: '2026-07',
    } as const;
    act(() => result.current.prefill(site));
    expect(result.current.state.errors).toEqual({});
    expect(result.current.state.values).toMatchObject({ ...site, car: '' });
    const onValid = vi.fn();
    await act(() => result.current.submit(onValid, vi.fn()));
    expect(onValid).toHaveBeenCalledWith(expect.objectContaining(site));
  });
});
