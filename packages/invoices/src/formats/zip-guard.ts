/**
 * Zip (XLSX) pre-check BEFORE any inflating: the end-of-central-directory record and every central-directory
 * entry are read to refuse too many entries, a too large unpacked size or an extreme ratio (zip bomb), ZIP64 and
 * unknown methods. Then each entry is inflated with an output cap of its declared size, so a lying header cannot
 * unpack more than what was accepted. Only then does SheetJS read the workbook.
 */
import { inflateRawSync } from 'node:zlib';
import { LIMITS } from '../limits.ts';
import { RefusalError } from '../refusal.ts';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export interface ZipEntrySummary {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly localHeaderOffset: number;
}

function refuse(message: string, found: string[] = []): never {
  throw new RefusalError('ARCHIVE_REFUSED', `Classeur refusé : ${message}`, found);
}

/** Reads the central directory; throws {@link RefusalError} when the archive breaks a limit. */
export function checkZip(bytes: Uint8Array): ZipEntrySummary[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i -= 1) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) {
    refuse('archive zip tronquée ou illisible (répertoire central introuvable).');
  }
  const total = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (total === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    refuse('archive ZIP64 non acceptée.');
  }
  if (total > LIMITS.maxZipEntries) {
    refuse(`${total} entrées dans l’archive (au plus ${LIMITS.maxZipEntries}).`, [`${total} entrées`]);
  }
  if (cdOffset + cdSize > eocd) {
    refuse('répertoire central incohérent.');
  }
  const entries: ZipEntrySummary[] = [];
  let unpacked = 0;
  let at = cdOffset;
  for (let n = 0; n < total; n += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) {
      refuse('répertoire central incohérent.');
    }
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localHeaderOffset = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (method !== 0 && method !== 8) {
      refuse(`méthode de compression ${method} non acceptée (${name}).`);
    }
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff) {
      refuse('archive ZIP64 non acceptée.');
    }
    unpacked += uncompressedSize;
    if (unpacked > LIMITS.maxUnpackedBytes) {
      refuse(`taille décompressée supérieure à ${LIMITS.maxUnpackedBytes / 1024 / 1024} Mo.`, [name]);
    }
    if (
      uncompressedSize > LIMITS.ratioFloorBytes &&
      (compressedSize === 0 || uncompressedSize / compressedSize > LIMITS.maxCompressionRatio)
    ) {
      refuse(`taux de compression anormal (${name}) : fichier piégé (« zip bomb »).`, [name]);
    }
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Inflates every entry with an output cap of its declared size; throws when an entry unpacks to more. */
export function verifyZipEntries(bytes: Uint8Array, entries: readonly ZipEntrySummary[]): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) {
      refuse(`en-tête local incohérent (${entry.name}).`);
    }
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const data = bytes.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) {
      refuse(`entrée tronquée (${entry.name}).`);
    }
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) {
        refuse(`taille incohérente (${entry.name}).`);
      }
      continue;
    }
    let out: Buffer;
    try {
      out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch {
      refuse(`l’entrée ${entry.name} se décompresse au-delà de la taille annoncée ou est corrompue.`, [entry.name]);
    }
    if (out.length !== entry.uncompressedSize) {
      refuse(`taille décompressée différente de la taille annoncée (${entry.name}).`, [entry.name]);
    }
  }
}
