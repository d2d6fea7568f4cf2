import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has left (ADR 0016): the password-reset request answers at once and looks the
 * address up, writes the token and mails it here, so a known and an unknown address take the same time.
 * At most `concurrency` tasks run, at most `maxPending` wait; beyond, a task is dropped and logged (the
 * answer is the same anyway; per-IP limits keep this rare). `idle()` waits for everything (shutdown, tests).
 */
export class BackgroundQueue {
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = 0;
  private readonly drained = new Set<() => void>();

  constructor(
    private readonly logger: FastifyBaseLogger,
    private readonly options: { concurrency: number; maxPending: number } = { concurrency: 2, maxPending: 500 },
  ) {}

  push(name: string, task: () => Promise<void>): boolean {
    if (this.waiting.length >= this.options.maxPending) {
      this.logger.warn({ task: name }, 'background queue full: task dropped');
      return false;
    }
    this.waiting.push(async () => {
      try {
        await task();
      } catch (error) {
        this.logger.error({ err: error, task: name }, 'background task failed');
      }
    });
    // After the current I/O phase: the answer is written before the task touches the database.
    setImmediate(() => this.pump());
    return true;
  }

  private pump(): void {
    while (this.running < this.options.concurrency && this.waiting.length > 0) {
      const task = this.waiting.shift() as () => Promise<void>;
      this.running += 1;
      void task().finally(() => {
        this.running -= 1;
        this.pump();
        if (this.running === 0 && this.waiting.length === 0) {
          for (const resolve of this.drained) {
            resolve();
          }
          this.drained.clear();
        }
      });
    }
  }

  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) {
      return Promise.resolve();
    }
    return new Promise((resolve) => this.drained.add(resolve));
  }
}
