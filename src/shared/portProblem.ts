/** Why a port cannot be listened on, by the error code Node gives (a `Map`: the code comes from outside). */
const reasons = new Map<string, string>([
  ['EADDRINUSE', 'is already in use (another server, or an earlier npm start still running?)'],
  ['EACCES', 'may not be used by this user'],
  ['EADDRNOTAVAIL', 'is on an address this machine does not have'],
]);

/**
 * The one line the server and `npm start` print when they cannot listen on a port (docs/operations.md#a-port-in-use):
 * which port, why, and what to do.
 */
export function portProblem(port: number, host: string, error: { code?: string; message: string }): string {
  const reason =
    (error.code !== undefined ? reasons.get(error.code) : undefined) ??
    `cannot be listened on (${error.code ?? error.message})`;
  return `Port ${port} on ${host} ${reason}. Stop that process, or choose another port with PORT (and HOST).`;
}
