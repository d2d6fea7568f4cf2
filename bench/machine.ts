/** The machine a benchmark ran on (printed and written next to the figures). */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

export function machine() {
  const cpuModel =
    readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'))
      ?.split(':')[1]
      ?.trim() ??
    cpus()[0]?.model ??
    'inconnu';
  let nproc = String(cpus().length);
  try {
    nproc = execSync('nproc').toString().trim();
  } catch {
    // keep os.cpus()
  }
  return {
    cpuModel,
    nproc,
    node: process.version,
    date: new Date().toISOString().slice(0, 10),
    load: (loadavg()[0] ?? 0).toFixed(1).replace('.', ','),
  };
}
