/** A mistake on the command line: cli.ts prints it with the usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
