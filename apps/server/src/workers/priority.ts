// The worker threads' scheduling priority (ADR 0091). Only Linux names a thread to the scheduler; elsewhere the
// threads keep the process's priority.
import { readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Linux: the calling thread's id (/proc/thread-self links to `<pid>/task/<tid>`), or undefined elsewhere. */
function threadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lowers the calling thread's priority to `nice` (0 = unchanged, up to 19). Threads it starts later (tesseract.js's
 * own worker for OCR) inherit it. Raising a niceness needs no privilege; a failure leaves the thread as it was.
 */
export function lowerThreadPriority(nice: number): void {
  const tid = threadId();
  if (nice <= 0 || tid === undefined) {
    return;
  }
  try {
    setPriority(tid, nice);
  } catch {
    // Not allowed here (a sandbox): the thread keeps the process's priority.
  }
}

/** Linux: the calling thread's niceness as the scheduler sees it (field 19 of /proc/thread-self/stat), else null. */
export function threadNiceness(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // The command name (field 2) may hold spaces: the fields after it start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const nice = Number(fields[16]);
    return Number.isInteger(nice) ? nice : null;
  } catch {
    return null;
  }
}
