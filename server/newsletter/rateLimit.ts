// Moved to server/throttle/signUpLimit.ts, the one throttle module (docs/architecture.md#the-data-layer): kept for the
// imports of tools and tests from before.
export * from '../throttle/signUpLimit.ts';
