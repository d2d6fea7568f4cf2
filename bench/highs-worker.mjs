// Worker for the benchmark: solves CPLEX LP-format models with HiGHS (WASM) and reports the time of each solve.
import { parentPort } from 'node:worker_threads';
import loadHighs from 'highs';

const highs = await loadHighs();

parentPort.on('message', (job) => {
  const start = performance.now();
  const result = highs.solve(job.lp, job.options);
  const ms = performance.now() - start;
  parentPort.postMessage({ id: job.id, status: result.Status, objective: result.ObjectiveValue, ms });
});
