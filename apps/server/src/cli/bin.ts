// Entry of the operator commands' bundle (dist/cli.mjs): `node dist/cli.mjs <command> [arguments]`.
// `check-env` validates the environment only (npm start runs it before anything else).
import { ConfigError, loadConfig } from '../config/env.ts';
import { processIo } from './command.ts';
import { cliMains } from './commands.ts';

async function run(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === 'check-env') {
    try {
      loadConfig();
      return 0;
    } catch (error) {
      if (error instanceof ConfigError) {
        process.stderr.write(`${error.message}\n`);
        return 1;
      }
      throw error;
    }
  }
  const main = name ? cliMains[name] : undefined;
  if (!main) {
    process.stderr.write(
      `Commande inconnue : ${name ?? '(aucune)'}. Commandes : ${Object.keys(cliMains).join(', ')}.\n`,
    );
    return 1;
  }
  return main(args, processIo());
}

process.exitCode = await run(process.argv.slice(2));
