import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as v from 'valibot';
import { HASHED_ASSETS } from '../../shared/hashedAssets.ts';
import { PANEL_MANIFEST_PATH, panelManifestSchema, type PanelManifest } from '../../shared/preview/panelManifest.ts';

/** The carrier page whose script and styles are the panel (src/pages/preview/panel/index.astro). */
const CARRIER_PAGE = 'preview/panel/index.html';
const STYLESHEET_OR_STYLE =
  /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>|<style\b[^>]*>([\s\S]*?)<\/style>/g;
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*>/;

/**
 * The panel's files from the built carrier page. Astro may inline small stylesheets into the page; those become a
 * file of their own here, so a shop page can load them as `'self'` stylesheets under its CSP.
 */
export function panelManifestFrom(outDir: string): PanelManifest {
  const html = fs.readFileSync(path.join(outDir, CARRIER_PAGE), 'utf8');
  const styles = [...html.matchAll(STYLESHEET_OR_STYLE)].map(([, href, inline]) => {
    if (href !== undefined) return href;
    const css = inline ?? '';
    const name = `preview-panel.${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`;
    fs.writeFileSync(path.join(outDir, HASHED_ASSETS, name), css);
    return `/${HASHED_ASSETS}/${name}`;
  });
  return v.parse(panelManifestSchema, { script: MODULE_SCRIPT.exec(html)?.[1], styles });
}

/** Astro integration: writes the panel manifest after every static build (docs/preview.md#who-sees-the-panel). */
export function panelManifest(): AstroIntegration {
  return {
    name: 'storefront:panel-manifest',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        if (!fs.existsSync(path.join(outDir, CARRIER_PAGE))) return;
        const manifest = panelManifestFrom(outDir);
        fs.writeFileSync(path.join(outDir, PANEL_MANIFEST_PATH), `${JSON.stringify(manifest, null, 2)}\n`);
        logger.info(`Preview panel manifest: ${manifest.styles.length} stylesheet(s) and ${manifest.script}`);
      },
    },
  };
}
