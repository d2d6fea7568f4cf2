// Validates the environment and exits non-zero with a readable message. `npm start` runs this before
// building anything, so that a bad value (PORT=abc) stops the start at once.
import { ConfigError, loadConfig } from './env.ts';

try {
  loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
