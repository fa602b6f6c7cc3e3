import { checkAuth } from '../../lib/preview/previewClient.ts';
import { loadPanel } from './panelAssets.ts';

/** Asks the preview service who this is; loads the panel (a separate entry) only for a valid staff session. */
export async function startPreview(): Promise<void> {
  const auth = await checkAuth();
  if (auth?.status !== 'SUCCESS') return;
  await loadPanel(auth);
}
