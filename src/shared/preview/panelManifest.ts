import * as v from 'valibot';

/** Where the build writes the panel's asset list (src/build/integrations/panelManifest.ts). */
export const PANEL_MANIFEST_PATH = '/preview/panel-manifest.json';

const sameOriginAsset = v.pipe(
  v.string(),
  v.regex(/^\/_astro\/[\w.-]+\.(?:js|css)$/, 'not a built asset of this site'),
);

/**
 * The staff preview panel's files: its module script and its stylesheets, in the order the page must load them
 * (docs/preview.md#who-sees-the-panel).
 */
export const panelManifestSchema = v.object({
  script: sameOriginAsset,
  styles: v.array(sameOriginAsset),
});

export type PanelManifest = v.InferOutput<typeof panelManifestSchema>;
