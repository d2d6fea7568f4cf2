// A worker task that exercises the limits of runWorkerTask (lib/worker-task.ts): its tests, and an operator who
// wants to see a limit fire. Pure CPU and memory, no IO.

export type ProbeInput =
  | { action: 'echo'; value: string }
  | { action: 'spin' }
  | { action: 'allocate' }
  | { action: 'throw'; message: string }
  | { action: 'exit' };

export function probe(input: ProbeInput): string {
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
    case 'throw':
      throw new Error(input.message);
    case 'exit':
      process.exit(3);
  }
}
