import { expect, test } from 'vitest';
import { portProblem } from './portProblem.ts';

test('names the port, the reason for the error code and what to do; an unknown code is quoted, never looked up as a property', () => {
  expect(portProblem(4321, '127.0.0.1', { code: 'EADDRINUSE', message: 'listen EADDRINUSE' })).toBe(
    'Port 4321 on 127.0.0.1 is already in use (another server, or an earlier npm start still running?). Stop that process, or choose another port with PORT (and HOST).',
  );
  expect(portProblem(80, '0.0.0.0', { code: 'EACCES', message: 'listen EACCES' })).toContain(
    'Port 80 on 0.0.0.0 may not be used by this user.',
  );
  expect(portProblem(1, 'h', { code: 'constructor', message: 'x' })).toContain('cannot be listened on (constructor)');
  expect(portProblem(1, 'h', { message: 'no code' })).toContain('cannot be listened on (no code)');
});
