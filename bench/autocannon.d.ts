// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      /** Total requests to send (instead of a duration). */
      amount?: number;
      /** Requests sent in turn on each connection (bench/audit-api.ts). */
      requests?: { method?: string; path?: string; headers?: Record<string, string>; body?: string }[];
    }
    interface Histogram {
      average: number;
      total: number;
      p50: number;
      p99: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
    }
    /** What a call with a callback returns (bench/audit-api.ts stops its load early). */
    interface Instance {
      stop(): void;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;
  export default autocannon;
}
