/** `promtool`, which checks rules and metrics, or undefined. */
export function findPromtool(): string | undefined;
/** The Prometheus server, or undefined. */
export function findPrometheus(): string | undefined;
/** Why the Prometheus tests cannot run here, in one sentence, or undefined when both binaries are there. */
export function prometheusMissing(): string | undefined;
