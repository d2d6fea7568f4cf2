import { getResolvedPDFJS } from 'unpdf';
import { expect } from 'vitest';
import { insertVerifiedUser } from '../../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../../src/modules/auth/password.ts';
import { HttpClient } from './http-client.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './simulator-forms.ts';
import type { TestApp } from './test-app.ts';

/**
 * For a `beforeAll` of a file whose tests download a simulation report and read it (ADR 0049, ADR 0056): loads pdf.js
 * on this thread, then simulates and downloads one report through the API, which starts the shared pool's render
 * thread when no earlier file of the test process did (pdf-lib, fontkit, the font subsetting). Measured in a test
 * that did both, with two CPU-bound processes beside the run: 2.4 s of CPU and 4.0 s of its 5 s. The report is a user
 * of its own's (`email`, signed up with the cheap test hash): the tests' users keep their monthly PDF quota.
 */
export async function warmSimulationReports(t: TestApp, email = 'rapport-prechauffe@exemple.fr'): Promise<void> {
  await getResolvedPDFJS();
  const password = 'Correct-Horse-9';
  await insertVerifiedUser(t.database.handle.db, {
    email,
    name: 'Préchauffe',
    role: 'user',
    passwordHash: await createPasswordHasher(10).hash(password),
  });
  const client = new HttpClient(t.app);
  expect((await client.post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(200);
  const simulated = await client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
  expect(simulated.statusCode, simulated.body).toBe(200);
  const report = await client.get(simulated.json().pdfUrl);
  expect(report.statusCode).toBe(200);
}
