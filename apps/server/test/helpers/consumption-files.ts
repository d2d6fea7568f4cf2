import { addDays } from '@pilote/tariffs';
import { expect } from 'vitest';
import { insertVerifiedUser } from '../../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../../src/modules/auth/password.ts';
import { HttpClient } from './http-client.ts';
import type { TestApp } from './test-app.ts';

export const PASSWORD = 'Correct-Horse-9';
export const PCE = '12345678901234';

/** Signs up two verified users (alice, bob) and returns their browser-like clients. */
export async function twoUsers(t: TestApp): Promise<{ alice: HttpClient; bob: HttpClient }> {
  const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
  const db = t.database.handle.db;
  const clients: HttpClient[] = [];
  for (const [email, name] of [
    ['alice@exemple.fr', 'Alice'],
    ['bob@exemple.fr', 'Bob'],
  ] as const) {
    await insertVerifiedUser(db, { email, name, role: 'user', passwordHash });
    const client = new HttpClient(t.app);
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    clients.push(client);
  }
  return { alice: clients[0] as HttpClient, bob: clients[1] as HttpClient };
}

/** A deterministic daily consumption (kWh) with a winter peak. */
export function dailyKwh(index: number): number {
  const winter = Math.cos(((index + 30) / 365) * 2 * Math.PI); // highest around mid-January for a February start
  return Math.round((40_000 + 30_000 * Math.max(0, winter) + (index % 7) * 1_000) * 10) / 10;
}

export interface YearFile {
  csv: string;
  /** Day → kWh (null = missing) and quality as the file states it. */
  days: { date: string; kwh: number | null; qualite: 'mesure' | 'estime' | 'manquant' }[];
}

/**
 * A GRDF daily export (title lines + header + one row per day) from `first` for `count` days. Day 10 is
 * « Estimé », day 20 « Absence de données », day 30 is left out of the file (a gap).
 */
export function grdfYear(first: string, count: number, options: { pce?: string } = {}): YearFile {
  const lines = [
    'Données de consommation journalières;;;;;;;;',
    `PCE : ${options.pce ?? PCE};;;;;;;;`,
    ';;;;;;;;',
    ';Date de relevé;Index de début (m3);Index de fin (m3);Volume consommé (m3);Energie consommée (kWh);Coefficient de conversion;Température locale (°C);Type de relève',
  ];
  const days: YearFile['days'] = [];
  for (let i = 0; i < count; i += 1) {
    const date = addDays(first, i);
    const fr = `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
    if (i === 30) {
      days.push({ date, kwh: null, qualite: 'manquant' });
      continue;
    }
    if (i === 20) {
      lines.push(`;${fr};;;;;;;Absence de données`);
      days.push({ date, kwh: null, qualite: 'manquant' });
      continue;
    }
    const kwh = dailyKwh(i);
    const qualite = i === 10 ? 'estime' : 'mesure';
    lines.push(
      `;${fr};1000;1100;${String(Math.round((kwh / 11.2) * 10) / 10).replace('.', ',')};${String(kwh).replace('.', ',')};11,2;5;${qualite === 'estime' ? 'Estimé' : 'Mesuré'}`,
    );
    days.push({ date, kwh, qualite });
  }
  return { csv: `${lines.join('\r\n')}\r\n`, days };
}
