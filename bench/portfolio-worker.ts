// Worker of PortfolioPool (bench/portfolio.ts): optimises the packed batches it receives.
import { parentPort } from 'node:worker_threads';
import { optimiserCja } from '@pilote/tariffs';
import { optimiseBatch, type PackedBatch } from './portfolio.ts';

parentPort?.on('message', (batch: PackedBatch) => {
  const result = optimiseBatch(optimiserCja, batch);
  parentPort?.postMessage(result, [result.cja.buffer as ArrayBuffer, result.economie.buffer as ArrayBuffer]);
});
