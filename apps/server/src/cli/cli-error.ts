/** A refusal with a French message for the operator; the command exits with code 1. */
export class CliError extends Error {
  /** False for refusals about the data rather than the arguments: the usage is not repeated. */
  readonly showUsage: boolean;

  constructor(message: string, options: { showUsage?: boolean } = {}) {
    super(message);
    this.name = 'CliError';
    this.showUsage = options.showUsage ?? true;
  }
}
