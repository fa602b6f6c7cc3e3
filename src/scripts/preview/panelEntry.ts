import * as v from 'valibot';
import { checkAuthResponseSchema } from '../../shared/preview/schemas.ts';
import { mountPreviewPanel } from '../../islands/preview/mountPreviewPanel.tsx';
import { PANEL_AUTH_ATTRIBUTE } from './panelAssets.ts';

// Runs when a shop page injected this script after check-auth SUCCESS; on the carrier page itself it does nothing.
const carrier = document.querySelector(`script[${PANEL_AUTH_ATTRIBUTE}]`);
const auth = v.safeParse(checkAuthResponseSchema, JSON.parse(carrier?.getAttribute(PANEL_AUTH_ATTRIBUTE) ?? 'null'));
if (auth.success && auth.output.status === 'SUCCESS') mountPreviewPanel(auth.output);
