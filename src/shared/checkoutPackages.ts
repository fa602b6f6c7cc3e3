import fs from 'node:fs';
import path from 'node:path';

/**
 * Lets code built into `dir` import the checkout's packages wherever `dir` is (docs/operations.md#data-folders).
 *
 * Node resolves a bare import (`react`, `@oslojs/encoding`) from the importing file's own folder upwards, looking for
 * `node_modules`; a file in a folder outside the checkout finds none. That is what broke builds and previews with
 * `RELEASES_DIR` or `PREVIEW_RENDERER_DIR` elsewhere: the preview renderer's server code imports React from its own
 * folder, and Astro writes the chunks it prerenders with into its output folder whenever that path starts with the
 * checkout's path as a string (`/srv/shop-releases` for a checkout in `/srv/shop`), else into the checkout's
 * `.astro/`, which is why it failed only for some paths. A `node_modules` link in `dir` to the checkout's makes the
 * lookup succeed from anywhere below `dir`. Nothing is linked when `dir` is inside the checkout. Returns the link,
 * if one is there.
 */
export function linkCheckoutPackages(dir: string, root: string): string | undefined {
  const relative = path.relative(root, dir);
  if (relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)) return undefined;
  const target = path.join(root, 'node_modules');
  const link = path.join(dir, 'node_modules');
  fs.mkdirSync(dir, { recursive: true });
  const existing = fs.lstatSync(link, { throwIfNoEntry: false });
  if (existing?.isSymbolicLink() && fs.readlinkSync(link) === target) return link;
  // A link to another checkout (this one moved) is replaced in one step.
  const next = `${link}.next-${process.pid}`;
  fs.rmSync(next, { force: true });
  fs.symlinkSync(target, next, 'dir');
  fs.renameSync(next, link);
  return link;
}
