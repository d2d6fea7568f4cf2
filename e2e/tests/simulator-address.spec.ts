import { seriousAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectSelected, openGasSimulator } from '../support/simulator.ts';

// Issue #23 §4 (ADR 0051): an address typed in the simulator finds its commune (the BAN, here its local stand-in
// support/fake-ban.mjs behind the server's real adapter) and, through the PITD table in service (the e2e fixture,
// imported before the server starts), pre-fills the PITD code, the commune, the TSO and the DSO, and shows the NTR.
test('an address typed in the simulator pre-fills the commune, the PITD and the NTR', async ({ page, admin }) => {
  const form = await openGasSimulator(page, admin, 'sim-adresse');
  await form.getByLabel('Point de réseau', { exact: true }).selectOption('PITD');

  const address = form.getByRole('combobox', { name: 'Adresse du site (facultatif)' });
  const search = page.waitForRequest((request) => request.url().includes('/api/address/search?q=8'));
  await address.fill('8 avenue Jean Médecin Nice');
  await search;
  await form.getByRole('option', { name: '8 Avenue Jean Médecin 06000 Nice' }).click();

  await expect(form.getByTestId('commune-pitd')).toContainText('Nice (06088) est desservie par le PITD GI060012');
  await expect(form.getByRole('combobox', { name: 'Code PITD' })).toHaveValue('GI060012');
  await expectSelected(form, 'Commune', 'Nice');
  await expectSelected(form, 'Gestionnaire de transport (TSO)', 'NaTran');
  await expectSelected(form, 'Gestionnaire de distribution (DSO)', 'GRDF');
  await expect(form.getByTestId('simulateur-ntr')).toHaveText(/NTR du PITD : 2 \(table des PITD/);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
});
