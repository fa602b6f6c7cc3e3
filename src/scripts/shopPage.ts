// The one script of every shop page (docs/performance.md#before-the-first-interaction). Before the first
// interaction a page runs the inline head script and this module, nothing else; the build bundles it into a single
// file without imports (src/build/integrations/singleFilePageScript.ts). Its parts:
// - the island runtime with the `client:interaction` directive, which must watch the islands from the start;
// - the footer's scripts (panels, consent dialog, view changer, sign-up visibility), started at idle;
// - login-token renewal and the staff preview check, started at idle (the panel's code loads only for staff).
import './islands/islandRuntime.ts';
import './footer/footerClient.ts';
import { startLoginTokenRenewal } from './renewal/renewalTimer.ts';
import { startPreviewCheck } from './preview/bootstrap.ts';
import { startWhenIdle } from './idleStart.ts';

startWhenIdle(() => {
  startLoginTokenRenewal();
  startPreviewCheck();
});
