/**
 * Where a `postgres://` URL points, for logs and messages: host, port and database, never the user name or password.
 */
export function postgresLocation(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname || '/'}`;
  } catch {
    return '(an unreadable DATABASE_URL)';
  }
}
