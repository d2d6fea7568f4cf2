// Entry of PortfolioPool's workers (bench/portfolio.ts): registers tsx in the worker, then loads the TypeScript
// worker (Node 20 does not apply the parent's `--import tsx` to a worker's entry module).
import { register } from 'tsx/esm/api';

register();
await import('./portfolio-worker.ts');
