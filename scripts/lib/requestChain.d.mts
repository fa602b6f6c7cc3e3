export function initiatorUrl(initiator: { url?: string; stack?: { callFrames?: { url: string }[] } }): string;
export function chainDepth(requests: { url: string; initiator: string }[]): number;
