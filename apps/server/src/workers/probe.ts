// A worker task that exercises the limits of the pool (pool.ts): its tests, and an operator who wants to see a limit
// fire. Pure CPU and memory, no IO (but /proc for the thread's own niceness).
import { threadNiceness } from './priority.ts';
import { defineWorkerTask } from './task.ts';

export type ProbeInput =
  | { action: 'echo'; value: string }
  | { action: 'spin' }
  | { action: 'allocate' }
  | { action: 'buffers'; megabytes: number; keep?: boolean }
  | { action: 'throw'; message: string }
  | { action: 'exit' }
  | { action: 'nice' };

const leaked: Uint8Array[] = [];

export function probe(input: ProbeInput): string {
  if (input.action === 'nice') {
    return String(threadNiceness());
  }
  switch (input.action) {
    case 'echo':
      return input.value;
    case 'spin':
      for (;;) {
        // Never returns: the time limit must terminate the thread.
      }
    case 'allocate': {
      // Keeps every array alive until the heap limit is hit.
      const kept: number[][] = [];
      for (;;) {
        kept.push(new Array(1_000_000).fill(kept.length));
      }
    }
    case 'buffers': {
      // ArrayBuffers, outside the heap limit (as PDF.js inflating a stream): written, so they are resident.
      const kept: Uint8Array[] = [];
      for (let n = 0; n < input.megabytes; n += 1) {
        kept.push(new Uint8Array(1024 * 1024).fill(n % 255));
      }
      if (input.keep) {
        // A leak on purpose: the thread's off-heap memory stays high after the task (the pool must retire it).
        leaked.push(...kept);
      }
      return `${kept.length} Mo`;
    }
    case 'throw':
      throw new Error(input.message);
    case 'exit':
      process.exit(3);
  }
}

/** The probe as a worker task (trusted limits; tests pass `memoryMb` to watch it as an untrusted reader). */
export const probeTask = defineWorkerTask('diagnostic.probe', () => Promise.resolve(probe), {
  timeoutMs: 10_000,
  heapMb: 256,
});
