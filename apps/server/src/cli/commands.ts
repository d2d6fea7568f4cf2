import { main as migrate } from '../db/migrate-cli.ts';
import { main as adminCreate, adminCreateCommand } from './admin-create.ts';
import { main as adminRole, adminRoleCommand } from './admin-role.ts';
import type { CliIo } from './command.ts';
import { main as tariffsImport, tariffsImportCommand } from './tariffs-import.ts';

/** What the running server's control channel executes (ADR 0017). db:migrate is not among them. */
export const channelCommands = [adminCreateCommand, adminRoleCommand, tariffsImportCommand] as const;

/** Every operator command by npm script name: `node dist/cli.mjs <name> [arguments]`. */
export const cliMains: Record<string, (args: string[], io: CliIo) => Promise<number>> = {
  'admin:create': adminCreate,
  'admin:role': adminRole,
  'tariffs:import': tariffsImport,
  'db:migrate': migrate,
};
