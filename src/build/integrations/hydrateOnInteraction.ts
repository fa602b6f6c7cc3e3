import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates the island on the first interaction inside it. See src/build/integrations/interactionDirective.ts. */
    'client:interaction'?: boolean;
  }
}

/** Registers `client:interaction`: React is downloaded only when somebody reaches for the island. */
export function hydrateOnInteraction(): AstroIntegration {
  return {
    name: 'hydrate-on-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interactionDirective.ts', import.meta.url)) });
      },
    },
  };
}
