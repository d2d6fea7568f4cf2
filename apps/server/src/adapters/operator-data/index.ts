import type { OperatorDataConfig } from '../../config/env.ts';
import { createAdictAdapter } from './adict.ts';
import { createDemoAdapter } from './demo.ts';
import type { OperatorDataAdapter } from './types.ts';

export type {
  AccessRight,
  AccessRightDeclaration,
  ConsumptionPage,
  ContractualData,
  DailyConsumption,
  OperatorDataAdapter,
  TechnicalData,
} from './types.ts';
export { DEMO_DATA_LABEL, OperatorDataError } from './types.ts';

/**
 * The operator-data adapter of a configuration (ADR 0063): GRDF's ADICT API, the demonstration source, or none
 * (production without an explicit choice: GRDF mandates keep the manual path).
 */
export function createOperatorData(
  config: OperatorDataConfig,
  now: () => number = Date.now,
): OperatorDataAdapter | null {
  if (config.kind === 'adict') {
    return createAdictAdapter({
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      baseUrl: config.baseUrl,
      tokenUrl: config.tokenUrl,
      timeoutMs: config.timeoutMs,
      minIntervalMs: config.minIntervalMs,
      now,
    });
  }
  if (config.kind === 'demo') {
    return createDemoAdapter({ activationDelaySeconds: config.activationDelaySeconds, now });
  }
  return null;
}
