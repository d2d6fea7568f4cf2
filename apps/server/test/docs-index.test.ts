/**
 * The ADR index (docs/decisions/README.md) lists every decision record of docs/decisions/ exactly once, and names no
 * file that does not exist, so a new record cannot be forgotten there and a renamed one cannot leave a dead line.
 * A line of the index is a table row whose first cell links the record: `| [0042](0042-slug.md) | Title | Status |`.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const decisionsDir = path.join(root, 'docs/decisions');
const RECORD_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;
const INDEX_ROW = /^\|\s*\[(\d{4})\]\(([^)\s]+)\)\s*\|([^|]*)\|([^|]*)\|\s*$/;

interface IndexRow {
  number: string;
  file: string;
  title: string;
  status: string;
}

/** The records on disk, template excluded (the index links it in its introduction). */
async function recordFiles(): Promise<string[]> {
  const names = await readdir(decisionsDir);
  return names.filter((name) => RECORD_FILE.test(name) && !name.startsWith('0000-')).sort();
}

async function indexRows(): Promise<IndexRow[]> {
  const text = await readFile(path.join(decisionsDir, 'README.md'), 'utf8');
  const rows: IndexRow[] = [];
  for (const line of text.split('\n')) {
    const match = INDEX_ROW.exec(line);
    if (match) {
      const [, number = '', file = '', title = '', status = ''] = match;
      rows.push({ number, file, title: title.trim(), status: status.trim() });
    }
  }
  return rows;
}

describe('ADR index (docs/decisions/README.md)', () => {
  it('lists every decision record of docs/decisions/', async () => {
    const listed = new Set((await indexRows()).map((row) => row.file));
    const missing = (await recordFiles()).filter((file) => !listed.has(file));
    expect(missing, 'records missing from docs/decisions/README.md').toEqual([]);
  });

  it('names only files that exist, each once, under its own number, with a title and a status', async () => {
    const files = new Set(await recordFiles());
    const rows = await indexRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.filter((row) => !files.has(row.file)).map((row) => row.file),
      'index lines naming no file of docs/decisions/',
    ).toEqual([]);
    const seen = rows.map((row) => row.file);
    expect(
      seen.filter((file, i) => seen.indexOf(file) !== i),
      'records listed twice',
    ).toEqual([]);
    expect(
      rows.filter((row) => !row.file.startsWith(`${row.number}-`)).map((row) => row.file),
      'lines whose number is not the file’s',
    ).toEqual([]);
    expect(
      rows.filter((row) => row.title === '' || row.status === '').map((row) => row.file),
      'lines without a title or a status',
    ).toEqual([]);
  });
});
