/**
 * The database could not be opened, locked, reached or migrated at start-up. Like ConfigError, it is
 * for the operator, never a chat user: messages name the directory, host or variable involved and
 * never a password or key.
 */
export class DatabaseStartError extends Error {
  static readonly code = 'database_start_error';
  readonly code = DatabaseStartError.code;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseStartError';
  }
}
