import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { INTERACTION_DIRECTIVE } from '../../lib/hydration/interactionDirectiveName.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates the island on the first interaction inside it. See src/lib/hydration/interactionDirective.ts. */
    'client:interaction'?: boolean;
  }
}

/** Registers `client:interaction`: React is downloaded only when somebody reaches for the island. */
export function hydrateOnInteraction(): AstroIntegration {
  return {
    name: 'hydrate-on-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        const entrypoint = fileURLToPath(new URL('../../lib/hydration/interactionDirective.ts', import.meta.url));
        addClientDirective({ name: INTERACTION_DIRECTIVE, entrypoint });
      },
    },
  };
}
